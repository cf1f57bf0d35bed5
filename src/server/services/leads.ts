// Contact messages and quote requests (issue 20): sales mark them handled.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { contactMessages, quoteRequests } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import type { LeadStatus, leadKinds } from '../../shared/schemas/staff-leads.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';

export async function setLeadStatus(
  tx: Tx,
  actor: Actor,
  lead: { kind: (typeof leadKinds)[number]; id: string; status: LeadStatus },
): Promise<{ id: string; status: LeadStatus }> {
  const table = lead.kind === 'contact' ? contactMessages : quoteRequests;
  const [row] = await tx
    .update(table)
    .set({ status: lead.status, updatedAt: sql`now()` })
    .where(eq(table.id, lead.id))
    .returning({ id: table.id, status: table.status });
  if (!row) throw notFound('Lead not found');
  await recordAudit(tx, actor, {
    action: 'lead.status',
    entityType: lead.kind === 'contact' ? 'contact_message' : 'quote_request',
    entityId: row.id,
    customerId: null,
    details: { status: lead.status },
  });
  return row;
}
