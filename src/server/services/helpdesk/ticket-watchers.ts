// Colleagues in copy of a ticket (issue 17, ADR 036): who may be added, and the
// conversation's "Jordan added Dana" line. Whoever sees the ticket may add or remove them;
// the route checks that with `loadTicket` (the one visibility rule) before calling here.
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customerUsers, ticketReplies, tickets, ticketWatchers, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import {
  watcherMessages,
  type TicketWatcher,
  type TicketWatchers,
} from '../../../shared/schemas/ticket-watchers.ts';
import type { TicketEventKind } from '../../../shared/schemas/tickets.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { lockTicket } from './tickets.ts';

const person = {
  userId: users.id,
  name: sql<string>`btrim(${users.firstName} || ' ' || ${users.lastName})`,
  email: users.email,
};

/** Active users of the company with an active membership there: who may be put in copy. */
const activeColleague = (customerId: string) =>
  and(
    eq(customerUsers.customerId, customerId),
    eq(customerUsers.active, true),
    eq(users.active, true),
  );

/** The ticket's watchers, and the colleagues who could be added (not the author, not in copy). */
export async function listWatchers(
  db: Db | Tx,
  ticket: { id: string; customerId: string },
): Promise<TicketWatchers> {
  const watchers = await db
    .select(person)
    .from(ticketWatchers)
    .innerJoin(users, eq(users.id, ticketWatchers.userId))
    .where(eq(ticketWatchers.ticketId, ticket.id))
    .orderBy(asc(users.firstName), asc(users.lastName));
  const [row] = await db
    .select({ author: tickets.createdByUserId, private: tickets.private, status: tickets.status })
    .from(tickets)
    .where(eq(tickets.id, ticket.id));
  if (!row || row.private || row.status === 'closed') return { watchers, candidates: [] };
  const candidates = await db
    .select(person)
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(
      and(
        activeColleague(ticket.customerId),
        row.author ? sql`${users.id} <> ${row.author}` : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(ticketWatchers)
            .where(
              and(eq(ticketWatchers.ticketId, ticket.id), eq(ticketWatchers.userId, users.id)),
            ),
        ),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
  return { watchers, candidates };
}

/** The conversation's line about a watcher: seen by the customer's users and the staff. */
async function recordWatcherEvent(
  tx: Tx,
  ticketId: string,
  actor: Actor,
  kind: TicketEventKind,
  watcher: TicketWatcher,
) {
  const verb = kind === 'watcher-added' ? 'added' : 'removed';
  await tx.insert(ticketReplies).values({
    ticketId,
    kind,
    message: `${actor.name} ${verb} ${watcher.name}`,
    author: actor.name,
    authorUserId: actor.id,
    isAgent: false,
  });
}

/**
 * Puts an active colleague of the ticket's company in copy. Refused: a closed or private
 * ticket (ADR 036), the author, someone of another company or inactive, one already in copy.
 */
export async function addWatcher(
  tx: Tx,
  {
    ticketId,
    customerId,
    actor,
    userId,
  }: { ticketId: string; customerId: string; actor: Actor; userId: string },
): Promise<TicketWatcher> {
  const ticket = await lockTicket(tx, ticketId, customerId);
  if (ticket.status === 'closed') throw conflict(watcherMessages.closed);
  const [row] = await tx
    .select({ author: tickets.createdByUserId, private: tickets.private })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (row?.private) throw conflict(watcherMessages.private);
  if (row?.author === userId) throw badRequest(watcherMessages.author);
  const [watcher] = await tx
    .select(person)
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(and(activeColleague(customerId), eq(customerUsers.userId, userId)));
  if (!watcher) throw badRequest(watcherMessages.notColleague);
  const [added] = await tx
    .insert(ticketWatchers)
    .values({ ticketId, userId, addedByUserId: actor.id })
    .onConflictDoNothing()
    .returning({ userId: ticketWatchers.userId });
  if (!added) throw conflict(watcherMessages.already);
  await recordWatcherEvent(tx, ticketId, actor, 'watcher-added', watcher);
  await recordAudit(tx, actor, {
    action: 'ticket.watcher.add',
    entityType: 'ticket',
    entityId: ticketId,
    customerId,
    details: { userId },
  });
  return watcher;
}

/** Takes a colleague out of copy (anyone who sees the ticket, closed or not; oneself too). */
export async function removeWatcher(
  tx: Tx,
  {
    ticketId,
    customerId,
    actor,
    userId,
  }: { ticketId: string; customerId: string; actor: Actor; userId: string },
): Promise<void> {
  await lockTicket(tx, ticketId, customerId);
  const [watcher] = await tx
    .select(person)
    .from(ticketWatchers)
    .innerJoin(users, eq(users.id, ticketWatchers.userId))
    .where(and(eq(ticketWatchers.ticketId, ticketId), eq(ticketWatchers.userId, userId)));
  if (!watcher) throw notFound(watcherMessages.notWatcher);
  await tx
    .delete(ticketWatchers)
    .where(and(eq(ticketWatchers.ticketId, ticketId), eq(ticketWatchers.userId, userId)));
  await recordWatcherEvent(tx, ticketId, actor, 'watcher-removed', watcher);
  await recordAudit(tx, actor, {
    action: 'ticket.watcher.remove',
    entityType: 'ticket',
    entityId: ticketId,
    customerId,
    details: { userId },
  });
}
