// How much mail that no one can place intake keeps (review N15): each unmatched mail keeps
// its .eml for staff, and anyone on the internet can send it, so both one sender address and
// all senders together get an hourly allowance. Past it a mail that would wait in the queue is
// dropped unstored (logged and counted); tickets and replies of known users are never limited
// here (they have the 20-new-tickets rule).
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intakeMessages } from '../../db/schema.ts';

/** Unmatched mails one sender address may leave in the queue per hour. */
export const UNMATCHED_PER_SENDER_HOUR = 20;
/** Unmatched mails all senders together may leave per hour (a flood from many addresses). */
export const UNMATCHED_PER_HOUR = 200;

const unmatchedLastHour = async (db: Db, where?: SQL) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(intakeMessages)
    .where(
      and(
        eq(intakeMessages.outcome, 'unmatched'),
        gt(intakeMessages.createdAt, sql`now() - interval '1 hour'`),
        where,
      ),
    );
  return row?.count ?? 0;
};

/** Whether an unmatched mail from this address now would be past either allowance. */
export async function overUnmatchedLimit(db: Db, fromAddress: string): Promise<boolean> {
  return (
    (await unmatchedLastHour(db, eq(intakeMessages.fromAddress, fromAddress))) >=
      UNMATCHED_PER_SENDER_HOUR || (await unmatchedLastHour(db)) >= UNMATCHED_PER_HOUR
  );
}
