import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unmatchedMails } from '../../db/schema.ts';

/** What waits for an agent in the unmatched queue, for every app server together. */
export async function intakeBacklog(db: Db) {
  const [row] = await db
    .select({ unmatchedOpen: sql<number>`count(*)::int` })
    .from(unmatchedMails)
    .where(eq(unmatchedMails.status, 'open'));
  return { unmatchedOpen: row?.unmatchedOpen ?? 0 };
}
