// The SLA warnings (ADR 064): at 75 % of a target's business time, and again at its breach,
// the assignee (or, unassigned, the team: who works tickets) gets a notice in the workspace and
// a mail. The state comes from `targetState`, the rule the queue's badges read; each
// (ticket, target, kind) is claimed by inserting its `sla_alerts` row in the notice's own
// transaction, so servers sweeping together, or one sweeping twice, notify once.
import { staffAreas } from '../../../shared/staff-permissions.ts';
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client.ts';
import { slaClockKinds, type SlaClockKind } from '../../../shared/schemas/sla.ts';
import {
  staffNoticeTitle,
  type SlaAlertKind,
} from '../../../shared/schemas/staff-notifications.ts';
import { paths } from '../../../shared/routes.ts';
import { company } from '../../../shared/company.ts';
import { enqueueMail } from '../mail-outbox.ts';
import { targetDue, targetState } from './sla.ts';

/** A due instant in the office's zone, the zone named (a mail has no viewer's zone). */
const officeTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: company.businessHours.timeZone,
  timeZoneName: 'short',
});

type Claimed = {
  ticket_id: string;
  kind: SlaAlertKind;
  state: 'at-risk' | 'breached';
  due_at: string;
  subject: string;
  company_name: string;
  assignee: string | null;
};

/**
 * Claims the targets reached at `now`: a warning for each at risk or breached, a breach for
 * each breached. A target first seen breached (a sweep after downtime) gets its warning row
 * without a notice: the breach says more. Returns the claims that notify.
 */
async function claimReached(tx: Tx, clock: SlaClockKind, now: Date): Promise<Claimed[]> {
  const state = targetState(clock, now);
  const rows = await selectRows<Claimed>(
    tx,
    sql`
    with reached as (
      select ticket_slas.ticket_id, ${state} as state, ${targetDue(clock)} as due_at
      from ticket_slas
      where ticket_slas.resolved_at is null and ${state} in ('at-risk', 'breached')
    ), claimed as (
      insert into sla_alerts (ticket_id, clock, kind)
      select r.ticket_id, ${clock}::sla_clock, k.kind::sla_alert_kind
      from reached r cross join (values ('warning'), ('breach')) as k(kind)
      where k.kind = 'warning' or r.state = 'breached'
      on conflict do nothing
      returning ticket_id, kind
    )
    select c.ticket_id, c.kind::text as kind, r.state, r.due_at, t.subject,
      cu.name as company_name, t.assigned_to_user_id as assignee
    from claimed c
    join reached r on r.ticket_id = c.ticket_id
    join tickets t on t.id = c.ticket_id
    join customers cu on cu.id = t.customer_id
    order by c.ticket_id, c.kind`,
  );
  return rows.filter((r) => r.kind === 'breach' || r.state === 'at-risk');
}

type Recipient = { id: string; email: string; first_name: string };

/** The active assignee; with none (or an inactive one), the team: who works tickets (ADR 058). */
async function recipientsOf(tx: Tx, assignee: string | null): Promise<Recipient[]> {
  const roles = sql.join(
    staffAreas.helpdesk.write.map((role) => sql`${role}`),
    sql`, `,
  );
  const staff = await selectRows<Recipient & { assigned: boolean }>(
    tx,
    sql`select id, email, first_name, id = ${assignee} as assigned
      from users where role = 'staff' and active and staff_role in (${roles}) order by email`,
  );
  const own = staff.filter((s) => s.assigned);
  return own.length ? own : staff;
}

/**
 * One sweep at `now` (the worker passes the wall clock; tests pass instants): claims every
 * reached target once and notifies. Returns how many notices (claims that notify) it made.
 */
export async function sweepSlaAlerts(tx: Tx, appUrl: string, now = new Date()): Promise<number> {
  let made = 0;
  for (const clock of slaClockKinds) {
    for (const alert of await claimReached(tx, clock, now)) {
      const recipients = await recipientsOf(tx, alert.assignee);
      if (recipients.length === 0) continue;
      const dueAt = new Date(alert.due_at);
      const due = officeTime.format(dueAt);
      const notice = { ticketId: alert.ticket_id, clock, kind: alert.kind };
      await tx.execute(
        sql`insert into staff_notifications (user_id, ticket_id, clock, kind, due_at)
          select r.id::uuid, ${alert.ticket_id}, ${clock}::sla_clock, ${alert.kind}::staff_notice_kind, ${dueAt.toISOString()}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(recipients.map((r) => ({ id: r.id })))}::jsonb) as r(id text)`,
      );
      const title = staffNoticeTitle(notice);
      // The ticket's own screen, as the bell's notice opens (ADR 064 addendum).
      const link = `${appUrl}${paths.staffTicket(alert.ticket_id)}`;
      await enqueueMail(
        tx,
        recipients.map((r) => ({
          to: r.email,
          subject: title,
          text: [
            `Hi ${r.first_name},`,
            '',
            `${alert.ticket_id} "${alert.subject}" (${alert.company_name}): ${
              alert.kind === 'warning'
                ? `75 % of its ${clock} target is used; it is due ${due}.`
                : `its ${clock} target was due ${due} and is breached.`
            }`,
            '',
            `Open the ticket: ${link}`,
          ].join('\n'),
        })),
      );
      made++;
    }
  }
  return made;
}
