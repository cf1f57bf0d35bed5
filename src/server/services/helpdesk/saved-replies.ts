import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { savedReplies } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { SavedReply } from '../../../shared/schemas/saved-replies.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';

export const SAVED_REPLY_NOT_FOUND = 'Saved reply not found';

const toSavedReply = (row: typeof savedReplies.$inferSelect): SavedReply => ({
  id: row.id,
  title: row.title,
  body: row.body,
  updatedBy: row.updatedByName,
  updatedAt: row.updatedAt.toISOString(),
});

type Input = { title: string; body: string };

export async function createSavedReply(tx: Tx, actor: Actor, input: Input): Promise<SavedReply> {
  const [row] = await tx
    .insert(savedReplies)
    .values({ ...input, updatedByName: actor.name })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await audit(tx, actor, 'saved_reply.create', row.id, input.title);
  return toSavedReply(row);
}

export async function updateSavedReply(
  tx: Tx,
  actor: Actor,
  id: string,
  input: Input,
): Promise<SavedReply> {
  const [row] = await tx
    .update(savedReplies)
    .set({ ...input, updatedByName: actor.name, updatedAt: sql`now()` })
    .where(eq(savedReplies.id, id))
    .returning();
  if (!row) throw notFound(SAVED_REPLY_NOT_FOUND);
  await audit(tx, actor, 'saved_reply.update', id, input.title);
  return toSavedReply(row);
}

export async function deleteSavedReply(tx: Tx, actor: Actor, id: string): Promise<void> {
  const [row] = await tx
    .delete(savedReplies)
    .where(eq(savedReplies.id, id))
    .returning({ title: savedReplies.title });
  if (!row) throw notFound(SAVED_REPLY_NOT_FOUND);
  await audit(tx, actor, 'saved_reply.delete', id, row.title);
}

const audit = (tx: Tx, actor: Actor, action: string, id: string, title: string) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'saved_reply',
    entityId: id,
    customerId: null,
    details: { title },
  });
