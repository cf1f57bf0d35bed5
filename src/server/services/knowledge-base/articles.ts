// Writing articles (issue 43, ADR 078): one command each for create and edit; both keep the
// search vector and a revision in the same transaction.
import { eq, like, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customers, kbArticleRevisions, kbArticles, kbCategories } from '../../db/schema.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import { badRequest, notFound, rethrowUnique } from '../../lib/errors.ts';
import { markdownText } from '../../../shared/markdown.ts';
import {
  COMPANY_REQUIRED,
  type ArticleRevision,
  type ArticleValues,
  type StaffArticle,
} from '../../../shared/schemas/knowledge-base.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';

export const ARTICLE_NOT_FOUND = 'Article not found';
export const CATEGORY_REQUIRED = 'Choose a category';
export const SLUG_TAKEN = 'Another article was saved with this title at the same time; save again';

/**
 * The weighted search vector (ADR 078): title A, tags B, the text without its Markdown C. The
 * one expression every write stores and `searchArticles` reads.
 */
const searchVectorOf = (values: Pick<ArticleValues, 'title' | 'tags' | 'body'>) =>
  sql`setweight(to_tsvector('english', ${values.title}), 'A')
    || setweight(to_tsvector('english', ${values.tags.join(' ')}), 'B')
    || setweight(to_tsvector('english', ${markdownText(values.body)}), 'C')`;

/** An address made of the title's words: `Reset your VPN password` -> `reset-your-vpn-password`. */
export function slugOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return words || 'article';
}

/** The title's address, or with `-2`, `-3`... when another article holds it. */
async function freeSlug(tx: Tx, title: string): Promise<string> {
  const base = slugOf(title);
  const taken = new Set(
    (
      await tx
        .select({ slug: kbArticles.slug })
        .from(kbArticles)
        .where(or(eq(kbArticles.slug, base), like(kbArticles.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** A missing category or company is the writer's mistake (400), not a server error. */
async function checkReferences(tx: Tx, values: ArticleValues): Promise<void> {
  const [category] = await tx
    .select({ id: kbCategories.id })
    .from(kbCategories)
    .where(eq(kbCategories.id, values.categoryId));
  if (!category) throw badRequest(CATEGORY_REQUIRED);
  if (values.customerId) {
    const [company] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, values.customerId));
    if (!company) throw badRequest(COMPANY_REQUIRED);
  }
}

async function addRevision(
  tx: Tx,
  actor: Actor,
  articleId: string,
  revision: number,
  values: ArticleValues,
) {
  await tx.insert(kbArticleRevisions).values({
    articleId,
    revision,
    title: values.title,
    body: values.body,
    categoryId: values.categoryId,
    tags: values.tags,
    visibility: values.visibility,
    customerId: values.customerId,
    published: values.published,
    editedByName: actor.name,
  });
}

export async function createArticle(
  tx: Tx,
  actor: Actor,
  values: ArticleValues,
): Promise<StaffArticle> {
  await checkReferences(tx, values);
  const slug = await freeSlug(tx, values.title);
  const [row] = await tx
    .insert(kbArticles)
    .values({ ...values, slug, updatedByName: actor.name, searchVector: searchVectorOf(values) })
    .returning({ id: kbArticles.id })
    .catch((err: unknown) => rethrowUnique(err, SLUG_TAKEN));
  if (!row) throw new Error('insert returned no row');
  await addRevision(tx, actor, row.id, 1, values);
  await audit(tx, actor, 'kb_article.create', row.id, values);
  return readStaffArticle(tx, row.id);
}

/** Saves the article's new state as its next revision; its address does not change. */
export async function updateArticle(
  tx: Tx,
  actor: Actor,
  id: string,
  values: ArticleValues,
): Promise<StaffArticle> {
  await checkReferences(tx, values);
  const [row] = await tx
    .update(kbArticles)
    .set({
      ...values,
      revision: sql`${kbArticles.revision} + 1`,
      updatedByName: actor.name,
      updatedAt: sql`now()`,
      searchVector: searchVectorOf(values),
    })
    .where(eq(kbArticles.id, id))
    .returning({ revision: kbArticles.revision });
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  await addRevision(tx, actor, id, row.revision, values);
  await audit(tx, actor, 'kb_article.update', id, values);
  return readStaffArticle(tx, id);
}

/** The columns of an article as staff read it (the list and the editor). */
export const staffArticleColumns = {
  id: kbArticles.id,
  slug: kbArticles.slug,
  title: kbArticles.title,
  categoryId: kbArticles.categoryId,
  category: kbCategories.name,
  tags: kbArticles.tags,
  visibility: kbArticles.visibility,
  customerId: kbArticles.customerId,
  customerName: customers.name,
  published: kbArticles.published,
  revision: kbArticles.revision,
  updatedBy: kbArticles.updatedByName,
  updatedAt: sql<string>`${isoTimestamp(kbArticles.updatedAt)}`,
};

export async function readStaffArticle(db: Db | Tx, id: string): Promise<StaffArticle> {
  const [row] = await db
    .select({ ...staffArticleColumns, body: kbArticles.body })
    .from(kbArticles)
    .innerJoin(kbCategories, eq(kbCategories.id, kbArticles.categoryId))
    .leftJoin(customers, eq(customers.id, kbArticles.customerId))
    .where(eq(kbArticles.id, id));
  if (!row) throw notFound(ARTICLE_NOT_FOUND);
  return row;
}

/** Every revision of an article, newest first. */
export async function articleRevisions(db: Db, id: string): Promise<ArticleRevision[]> {
  const rows = await db
    .select({
      revision: kbArticleRevisions.revision,
      title: kbArticleRevisions.title,
      body: kbArticleRevisions.body,
      tags: kbArticleRevisions.tags,
      visibility: kbArticleRevisions.visibility,
      published: kbArticleRevisions.published,
      editedBy: kbArticleRevisions.editedByName,
      editedAt: sql<string>`${isoTimestamp(kbArticleRevisions.createdAt)}`,
    })
    .from(kbArticleRevisions)
    .where(eq(kbArticleRevisions.articleId, id))
    .orderBy(sql`${kbArticleRevisions.revision} desc`);
  if (rows.length === 0) throw notFound(ARTICLE_NOT_FOUND);
  return rows;
}

const audit = (tx: Tx, actor: Actor, action: string, id: string, values: ArticleValues) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'kb_article',
    entityId: id,
    customerId: values.customerId,
    details: { title: values.title, visibility: values.visibility, published: values.published },
  });
