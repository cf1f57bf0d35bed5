// A staff user's own availability (issue 38, ADR 063): only available agents get new tickets
// by the assignment rule; tickets they already hold stay theirs.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { staffAvailability } from '../db/schema.ts';
import type { Availability } from '../../shared/schemas/assignment.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';

export async function readAvailability(db: Db | Tx, userId: string): Promise<Availability> {
  const [row] = await db
    .select({ available: staffAvailability.available })
    .from(staffAvailability)
    .where(eq(staffAvailability.userId, userId));
  return { available: row?.available ?? true };
}

/** Only ever the actor's own row: nobody marks a colleague away or back. */
export async function setOwnAvailability(
  tx: Tx,
  actor: Actor,
  { available }: Availability,
): Promise<Availability> {
  await tx
    .insert(staffAvailability)
    .values({ userId: actor.id, available })
    .onConflictDoUpdate({
      target: staffAvailability.userId,
      set: { available, updatedAt: sql`now()` },
    });
  await recordAudit(tx, actor, {
    action: 'staff.availability',
    entityType: 'user',
    entityId: actor.id,
    customerId: null,
    details: { available },
  });
  return { available };
}
