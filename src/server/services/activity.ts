import type { Tx } from '../db/client.ts';
import { activities } from '../db/schema.ts';

type ActivityType = (typeof activities.$inferInsert)['type'];

/** A line on the customer's "Recent Activity" card. */
export async function recordActivity(
  tx: Tx,
  customerId: string,
  type: ActivityType,
  title: string,
): Promise<void> {
  await tx.insert(activities).values({ customerId, type, title });
}
