// Who works a ticket (issue 17): only an active staff user; each change lands on the
// company's activity card like the other staff actions (a private ticket's stays off it).
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tickets, users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { recordTicketActivity } from './tickets.ts';

export const ASSIGNEE_NOT_STAFF = 'Assignee must be an active staff member';

/**
 * Assigns a locked ticket to `assigneeId` (null: nobody). Returns the previous assignee, or
 * undefined when nothing changed (no activity line then).
 */
export async function assignTicket(
  tx: Tx,
  {
    ticketId,
    customerId,
    assigneeId,
  }: { ticketId: string; customerId: string; assigneeId: string | null },
): Promise<{ previous: string | null } | undefined> {
  const [current] = await tx
    .select({ assignedToUserId: tickets.assignedToUserId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  const previous = current?.assignedToUserId ?? null;
  let name = '';
  if (assigneeId) {
    const [staff] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.id, assigneeId), eq(users.role, 'staff'), eq(users.active, true)))
      .limit(1);
    if (!staff) throw badRequest(ASSIGNEE_NOT_STAFF);
    name = `${staff.firstName} ${staff.lastName}`.trim();
  }
  if (previous === assigneeId) return undefined;
  await tx
    .update(tickets)
    .set({ assignedToUserId: assigneeId, updatedAt: sql`now()` })
    .where(eq(tickets.id, ticketId));
  await recordTicketActivity(tx, {
    ticketId,
    customerId,
    title: assigneeId ? `Ticket ${ticketId} assigned to ${name}` : `Ticket ${ticketId} unassigned`,
  });
  return { previous };
}
