// Who an incident or a maintenance window touches (ADR 079): the companies whose sites its
// components serve, or every company for a component of all customers; and telling them.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import type { NotificationKind } from '../../../shared/schemas/notifications.ts';
import type { DomainEventType } from '../../../shared/schemas/webhooks.ts';
import { recordEvent } from '../domain-events.ts';
import { queueNotice } from '../notifications.ts';

export type AffectedCompany = { customerId: string; sites: string[] };

const uuidList = (ids: readonly string[]): SQL =>
  ids.length
    ? sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
    : sql`null::uuid`;

/**
 * Each company the components affect, with the names of its sites they serve (none named for a
 * company reached only through a component of all customers: all its sites).
 */
export async function affectedCompanies(
  db: Db | Tx,
  componentIds: readonly string[],
): Promise<AffectedCompany[]> {
  const list = uuidList(componentIds);
  const rows = await selectRows<{ customer_id: string; sites: string[] | null }>(
    db,
    sql`select c.id as customer_id,
          array(
            select s.name from sites s
            where s.customer_id = c.id
              and s.id in (select cs.site_id from status_component_sites cs
                           where cs.component_id in (${list}))
            order by s.name
          ) as sites
        from customers c
        where exists (select 1 from status_components sc
                      where sc.id in (${list}) and sc.all_customers)
           or exists (select 1 from status_component_sites cs join sites s on s.id = cs.site_id
                      where s.customer_id = c.id and cs.component_id in (${list}))
        order by c.id`,
  );
  return rows.map((r) => ({ customerId: r.customer_id, sites: r.sites ?? [] }));
}

/**
 * One webhook event for the change (the companies it reaches in its data), and a mail notice to
 * each affected company's users whose switch for `kind` is on, all in the write's transaction:
 * the outbox sends each once, whichever server commits it (ADR 033).
 */
export async function tellAffected(
  tx: Tx,
  change: {
    type: DomainEventType;
    kind: NotificationKind;
    entityId: string;
    componentIds: readonly string[];
    data: Record<string, unknown>;
  },
): Promise<number> {
  const companies = await affectedCompanies(tx, change.componentIds);
  await recordEvent(
    tx,
    {
      type: change.type,
      customerId: null,
      entityId: change.entityId,
      data: { ...change.data, customerIds: companies.map((c) => c.customerId) },
    },
    { notify: false },
  );
  let mailed = 0;
  for (const company of companies) {
    mailed += await queueNotice(tx, {
      customerId: company.customerId,
      kind: change.kind,
      permission: 'sites',
      type: change.type,
      data: { ...change.data, sites: company.sites },
    });
  }
  return mailed;
}
