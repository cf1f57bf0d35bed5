// Who works a ticket (issue 17): only an active staff user whose role works tickets; each change lands on the
// company's activity card like the other staff actions (a private ticket's stays off it).
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tickets, users } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { staffCan } from '../../../shared/staff-permissions.ts';
import { recordTicketActivity } from './tickets.ts';

export const ASSIGNEE_NOT_STAFF = 'Assignee must be an active staff member';
export const ASSIGNEE_NO_TICKETS = "The assignee's staff role doesn't work tickets";

/**
 * The staff member a ticket may go to, by any door (a pick, a bulk action, a schedule): active,
 * in a role that works tickets (ADR 058), or undefined. A billing or read-only member given a
 * ticket could not open it (outside attack, issue 38).
 */
export async function ticketWorker(
  tx: Tx,
  userId: string,
): Promise<{ name: string; worksTickets: boolean } | undefined> {
  const [staff] = await tx
    .select({ first: users.firstName, last: users.lastName, role: users.staffRole })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'staff'), eq(users.active, true)))
    .limit(1);
  return (
    staff && {
      name: `${staff.first} ${staff.last}`.trim(),
      worksTickets: staffCan(staff.role, 'helpdesk', 'write'),
    }
  );
}

/** The assignee's name, or 400: not active staff, or a role that does not work tickets. */
export async function checkAssignee(tx: Tx, userId: string): Promise<string> {
  const worker = await ticketWorker(tx, userId);
  if (!worker) throw badRequest(ASSIGNEE_NOT_STAFF);
  if (!worker.worksTickets) throw badRequest(ASSIGNEE_NO_TICKETS);
  return worker.name;
}

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
  const name = assigneeId ? await checkAssignee(tx, assigneeId) : '';
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
