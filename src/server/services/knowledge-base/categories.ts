// The knowledge base's categories (issue 43): staff name them; an article belongs to one.
import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { kbArticles, kbCategories } from '../../db/schema.ts';
import { conflict, notFound, rethrowUnique } from '../../lib/errors.ts';
import type { Category } from '../../../shared/schemas/knowledge-base.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';

export const CATEGORY_NOT_FOUND = 'Category not found';
export const CATEGORY_NAME_TAKEN = 'A category with this name already exists';
export const CATEGORY_IN_USE = 'Move or delete its articles first: the category is in use';

/** Categories with their number of articles (a join: the columns stay qualified). */
const categoriesWithCounts = (db: Db | Tx) =>
  db
    .select({ id: kbCategories.id, name: kbCategories.name, articles: count(kbArticles.id) })
    .from(kbCategories)
    .leftJoin(kbArticles, eq(kbArticles.categoryId, kbCategories.id))
    .groupBy(kbCategories.id)
    .$dynamic();

/** Every category by name, with its number of articles. */
export function listCategories(db: Db | Tx): Promise<Category[]> {
  return categoriesWithCounts(db).orderBy(kbCategories.name, kbCategories.id);
}

async function readCategory(tx: Tx, id: string): Promise<Category> {
  const [row] = await categoriesWithCounts(tx).where(eq(kbCategories.id, id));
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  return row;
}

export async function createCategory(tx: Tx, actor: Actor, name: string): Promise<Category> {
  const [row] = await tx
    .insert(kbCategories)
    .values({ name })
    .returning({ id: kbCategories.id })
    .catch((err: unknown) => rethrowUnique(err, CATEGORY_NAME_TAKEN));
  if (!row) throw new Error('insert returned no row');
  await audit(tx, actor, 'kb_category.create', row.id, name);
  return readCategory(tx, row.id);
}

export async function renameCategory(
  tx: Tx,
  actor: Actor,
  id: string,
  name: string,
): Promise<Category> {
  const [row] = await tx
    .update(kbCategories)
    .set({ name })
    .where(eq(kbCategories.id, id))
    .returning({ id: kbCategories.id })
    .catch((err: unknown) => rethrowUnique(err, CATEGORY_NAME_TAKEN));
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  await audit(tx, actor, 'kb_category.rename', id, name);
  return readCategory(tx, id);
}

/** Deletes an empty category; one holding articles is refused (they would lose their place). */
export async function deleteCategory(tx: Tx, actor: Actor, id: string): Promise<void> {
  const category = await readCategory(tx, id);
  if (category.articles > 0) throw conflict(CATEGORY_IN_USE);
  await tx.delete(kbCategories).where(eq(kbCategories.id, id));
  await audit(tx, actor, 'kb_category.delete', id, category.name);
}

const audit = (tx: Tx, actor: Actor, action: string, id: string, name: string) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'kb_category',
    entityId: id,
    customerId: null,
    details: { name },
  });
