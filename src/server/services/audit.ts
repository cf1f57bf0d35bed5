import type { Tx } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import type { Recorder } from './actor.ts';

/** One audit row per staff write, written in the write's own transaction so both commit or neither. */
export async function recordAudit(
  tx: Tx,
  actor: Recorder,
  entry: {
    action: string;
    entityType: string;
    entityId: string | null;
    customerId: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.id,
    actorName: actor.name,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    customerId: entry.customerId,
    details: entry.details ?? null,
  });
}
