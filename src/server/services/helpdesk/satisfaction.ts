// Satisfaction of a closed ticket (issue 17, ADR 036): the author rates it good, okay or
// poor, from the portal or from the mail sent when an agent closes it. One rating per ticket
// (a new one replaces it); a rating never changes the ticket's status.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  customerUsers,
  notificationPreferences,
  ticketReplies,
  tickets,
  ticketSatisfaction,
  users,
} from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import {
  ratingMessages,
  ticketRatingLabels,
  ticketRatings,
  type SatisfactionReport,
  type SatisfactionScore,
  type TicketRating,
  type TicketRatingOut,
} from '../../../shared/schemas/satisfaction.ts';
import { paths } from '../../../shared/routes.ts';
import { mergeMessages } from '../../../shared/schemas/ticket-merge.ts';
import { ratingRequestBody } from './ticket-mail-templates.tsx';
import { enqueueMail, type MailMessage } from '../mail-outbox.ts';
import { inTicketThread } from './ticket-thread.ts';
import { TICKET_NOT_FOUND } from './tickets.ts';

/** The mail's rating page (a GET that only shows the form; the POST rates). */
export const RATE_PATH = '/api/rate';
/** A rating link works this long after the ticket was closed. */
export const RATING_LINK_DAYS = 30;

type TokenConfig = Pick<Config, 'sessionSecrets'>;
type RatingClaims = { ticketId: string; userId: string };

const keyFrom = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'ticket-rating', 'hmac-sha256', 32));
const signature = (secret: string, payload: string) =>
  createHmac('sha256', keyFrom(secret)).update(payload).digest('base64url');

/** `<ticket>.<user>.<expiry seconds>.<HMAC>`, bound to one ticket and its author. */
export function signRatingToken(config: TokenConfig, claims: RatingClaims, now = Date.now()) {
  const expires = Math.floor(now / 1000) + RATING_LINK_DAYS * 86_400;
  const payload = `${claims.ticketId}.${claims.userId}.${expires}`;
  return `${payload}.${signature(config.sessionSecrets[0] ?? '', payload)}`;
}

/** The claims of a valid, unexpired token (any current session secret), else null. */
export function verifyRatingToken(
  config: TokenConfig,
  token: string,
  now = Date.now(),
): RatingClaims | null {
  const match = /^(TK-\d{1,12})\.([0-9a-f-]{36})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const [, ticketId = '', userId = '', expires = '0', mac = ''] = match;
  if (Number(expires) * 1000 < now) return null;
  const payload = `${ticketId}.${userId}.${expires}`;
  const valid = config.sessionSecrets.some((secret) => {
    const expected = Buffer.from(signature(secret, payload));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return valid ? { ticketId, userId } : null;
}

/** A ticket's rating, or null when it has none. */
export async function ticketRating(db: Db | Tx, ticketId: string): Promise<TicketRatingOut | null> {
  const [row] = await db
    .select({
      rating: ticketSatisfaction.rating,
      comment: ticketSatisfaction.comment,
      ratedAt: ticketSatisfaction.updatedAt,
    })
    .from(ticketSatisfaction)
    .where(eq(ticketSatisfaction.ticketId, ticketId));
  return row ? { ...row, ratedAt: row.ratedAt.toISOString() } : null;
}

/**
 * Only the author rates, while their account and their membership in the ticket's company
 * are active: a link mailed before an admin took them off the company rates nothing.
 */
export async function mayRate(
  db: Db | Tx,
  ticket: { customerId: string; author: string | null },
  userId: string,
): Promise<boolean> {
  if (ticket.author !== userId) return false;
  const [rater] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(customerUsers, eq(customerUsers.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        eq(users.active, true),
        eq(customerUsers.customerId, ticket.customerId),
        eq(customerUsers.active, true),
      ),
    );
  return rater !== undefined;
}

/**
 * Records (or replaces) the author's rating of a closed ticket. Refused: another user's
 * ticket or an inactive rater (403, `mayRate`), a ticket not closed (409). Nothing else of
 * the ticket changes.
 */
export async function rateTicket(
  tx: Tx,
  input: { ticketId: string; userId: string; rating: TicketRating; comment: string | null },
): Promise<TicketRatingOut> {
  const [ticket] = await tx
    .select({
      customerId: tickets.customerId,
      status: tickets.status,
      author: tickets.createdByUserId,
      assignee: tickets.assignedToUserId,
      mergedInto: tickets.mergedIntoTicketId,
    })
    .from(tickets)
    .where(eq(tickets.id, input.ticketId))
    .for('update');
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  if (!(await mayRate(tx, ticket, input.userId)))
    throw new HttpError(403, ratingMessages.notAuthor);
  // Closed by a merge, nobody solved it: the rating belongs to the ticket it went into.
  if (ticket.mergedInto)
    throw conflict(mergeMessages.alreadyMerged(input.ticketId, ticket.mergedInto));
  if (ticket.status !== 'closed') throw conflict(ratingMessages.notClosed);
  const agentUserId = ticket.assignee ?? (await lastAgent(tx, input.ticketId));
  const values = {
    rating: input.rating,
    comment: input.comment,
    userId: input.userId,
    agentUserId,
    updatedAt: sql`now()`,
  };
  await tx
    .insert(ticketSatisfaction)
    .values({ ticketId: input.ticketId, ...values })
    .onConflictDoUpdate({ target: ticketSatisfaction.ticketId, set: values });
  return (await ticketRating(tx, input.ticketId))!;
}

async function lastAgent(tx: Tx, ticketId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: ticketReplies.authorUserId })
    .from(ticketReplies)
    .where(and(eq(ticketReplies.ticketId, ticketId), eq(ticketReplies.isAgent, true)))
    .orderBy(desc(ticketReplies.createdAt))
    .limit(1);
  return row?.id ?? null;
}

type MailConfig = Pick<Config, 'appUrl' | 'supportMailbox' | 'sessionSecrets'>;

/** The author's rating link for one choice. */
export const ratingLink = (config: MailConfig, token: string, rating: TicketRating) =>
  `${config.appUrl}${RATE_PATH}?rating=${rating}&token=${encodeURIComponent(token)}`;

/**
 * An agent closed the ticket: its author (active, still an active user of the ticket's
 * company, ticket mails on) gets the three rating links. The links are secrets of the outbox:
 * forgotten once the mail is sent.
 */
export async function enqueueRatingMail(
  tx: Tx,
  config: MailConfig,
  ticketId: string,
): Promise<number> {
  const [author] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      subject: tickets.subject,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.createdByUserId))
    // A member taken off the company could not use the links (outside attack, 2026-11-28).
    .innerJoin(
      customerUsers,
      and(
        eq(customerUsers.userId, users.id),
        eq(customerUsers.customerId, tickets.customerId),
        eq(customerUsers.active, true),
      ),
    )
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(users.active, true),
        sql`coalesce(${notificationPreferences.emailTickets}, true)`,
      ),
    );
  if (!author) return 0;
  const token = signRatingToken(config, { ticketId, userId: author.id });
  const links = ticketRatings.map((r) => ratingLink(config, token, r));
  const subject = author.subject.replace(/\s+/g, ' ').trim();
  const message: MailMessage = {
    to: author.email,
    replyTo: config.supportMailbox,
    subject: `[${ticketId}] How did we do? ${subject}`,
    ...ratingRequestBody({
      firstName: author.firstName,
      ticketId,
      subject,
      ratings: ticketRatings.map((r, i) => ({ label: ticketRatingLabels[r], href: links[i]! })),
      portalLink: `${config.appUrl}${paths.tickets}`,
    }),
    secrets: [token, ...links],
  };
  await enqueueMail(tx, await inTicketThread(tx, config, ticketId, [message], { automatic: true }));
  return 1;
}

const score = (rows: { rating: TicketRating; count: number }[]): SatisfactionScore => {
  const of = (r: TicketRating) => rows.find((row) => row.rating === r)?.count ?? 0;
  const [good, okay, poor] = [of('good'), of('okay'), of('poor')];
  const total = good + okay + poor;
  return { good, okay, poor, total, score: total ? Math.round((good / total) * 100) : null };
};

/** Score (share of good ratings) overall and per agent, over the last 30 and 90 days. */
export async function satisfactionReport(db: Db): Promise<SatisfactionReport> {
  const periods = [];
  for (const days of [30, 90]) {
    const rows = await db
      .select({
        agentUserId: ticketSatisfaction.agentUserId,
        agent: sql<string | null>`btrim(${users.firstName} || ' ' || ${users.lastName})`,
        rating: ticketSatisfaction.rating,
        count: sql<number>`count(*)::int`,
      })
      .from(ticketSatisfaction)
      .leftJoin(users, eq(users.id, ticketSatisfaction.agentUserId))
      .where(gte(ticketSatisfaction.updatedAt, sql`now() - make_interval(days => ${days})`))
      .groupBy(
        ticketSatisfaction.agentUserId,
        users.firstName,
        users.lastName,
        ticketSatisfaction.rating,
      );
    const agents = new Map<string | null, { agent: string; rows: typeof rows }>();
    for (const row of rows) {
      const entry = agents.get(row.agentUserId) ?? { agent: row.agent ?? 'Unassigned', rows: [] };
      entry.rows.push(row);
      agents.set(row.agentUserId, entry);
    }
    periods.push({
      days,
      overall: score(
        ticketRatings.map((rating) => ({
          rating,
          count: rows.filter((r) => r.rating === rating).reduce((n, r) => n + r.count, 0),
        })),
      ),
      agents: [...agents.entries()]
        .map(([agentUserId, e]) => ({ agentUserId, agent: e.agent, ...score(e.rows) }))
        .sort((a, b) => b.total - a.total || a.agent.localeCompare(b.agent)),
    });
  }
  return { periods };
}
