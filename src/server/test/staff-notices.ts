import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { staffNotifications, users } from '../db/schema.ts';

/** The staff notices (ADR 075) of one agreement or quote: "email kind" per notice, sorted. */
export async function staffNoticesOf(
  db: Db,
  subject: { agreementId: string } | { quoteId: string },
): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, kind: staffNotifications.kind })
    .from(staffNotifications)
    .innerJoin(users, eq(users.id, staffNotifications.userId))
    .where(
      'agreementId' in subject
        ? eq(staffNotifications.agreementId, subject.agreementId)
        : eq(staffNotifications.quoteId, subject.quoteId),
    );
  return rows.map((n) => `${n.email} ${n.kind}`).sort();
}
