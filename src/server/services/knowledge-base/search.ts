// Who reads which article, and the one search every door asks (issue 43, ADR 078): the public
// site, the portal's search and suggestions, a staff member's article picker, the article page
// and the sitemap all go through `readableBy`, so a company's article cannot leak by a door
// that forgot a filter.
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import { kbArticles, kbCategories } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { articleExcerpt, articleHtml } from './rendered-articles.ts';
import type { Article, ArticleHit } from '../../../shared/schemas/knowledge-base.ts';
import { ARTICLE_NOT_FOUND } from './articles.ts';

/** Who is reading: a visitor, a user acting for one company, or a staff member. */
export type Reader =
  { kind: 'public' } | { kind: 'customer'; companyId: string } | { kind: 'staff' };

/** The published articles `reader` may read; drafts are read only in the staff editor. */
export function readableBy(reader: Reader): SQL {
  const published = eq(kbArticles.published, true);
  switch (reader.kind) {
    case 'public':
      return and(published, eq(kbArticles.visibility, 'public')) ?? published;
    case 'customer':
      return (
        and(
          published,
          or(
            inArray(kbArticles.visibility, ['public', 'customers']),
            and(eq(kbArticles.visibility, 'company'), eq(kbArticles.customerId, reader.companyId)),
          ),
        ) ?? published
      );
    case 'staff':
      return published;
  }
}

/** At most this many words of a query count; a longer one is a sentence, not a search. */
const MAX_WORDS = 12;
/** How alike a typed word and an article's title or tag word must be to count as a typo of it. */
const TYPO_SIMILARITY = 0.5;

/** A query's words, lower case; words of one or two letters carry no trigram and are dropped. */
export function queryWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length > 2))].slice(0, MAX_WORDS);
}

/**
 * The articles matching `q` that `reader` may read, best first. Two signals (ADR 078): the
 * weighted full-text rank of any of the query's words (stemmed, so "printers" finds
 * "printer"), and, for typos, each word's trigram likeness to the title's and tags' words
 * (pg_trgm's `word_similarity`), averaged over the query's words.
 */
export async function searchArticles(
  db: Db | Tx,
  reader: Reader,
  q: string,
  limit: number,
): Promise<ArticleHit[]> {
  const words = queryWords(q);
  if (words.length === 0) return [];
  // Any word: `plainto_tsquery` per word, joined with tsquery's OR (no query syntax to escape).
  const anyWord = sql`(${sql.join(
    words.map((word) => sql`plainto_tsquery('english', ${word})`),
    sql` || `,
  )})`;
  const heading = sql`(${kbArticles.title} || ' ' || array_to_string(${kbArticles.tags}, ' '))`;
  const typed = sql`array[${sql.join(
    words.map((word) => sql`${word}::text`),
    sql`, `,
  )}]`;
  const typoScore = sql`(select avg(word_similarity(w, ${heading})) from unnest(${typed}) as w)`;
  const textRank = sql`ts_rank(${kbArticles.searchVector}, ${anyWord})`;
  const rows = await db
    .select({
      slug: kbArticles.slug,
      title: kbArticles.title,
      visibility: kbArticles.visibility,
      category: kbCategories.name,
      body: kbArticles.body,
      updatedAt: sql<string>`${isoTimestamp(kbArticles.updatedAt)}`,
    })
    .from(kbArticles)
    .innerJoin(kbCategories, eq(kbCategories.id, kbArticles.categoryId))
    .where(
      and(
        readableBy(reader),
        sql`(${kbArticles.searchVector} @@ ${anyWord} or ${typoScore} >= ${TYPO_SIMILARITY})`,
      ),
    )
    .orderBy(sql`${textRank} + ${typoScore} desc`, desc(kbArticles.updatedAt), kbArticles.id)
    .limit(limit);
  return rows.map(({ body, ...hit }) => ({ ...hit, excerpt: articleExcerpt(body) }));
}

/** One article `reader` may read, rendered; any other address, draft or hidden, is 404. */
export async function readArticle(db: Db, reader: Reader, slug: string): Promise<Article> {
  const article = await findArticle(db, reader, slug);
  if (!article) throw notFound(ARTICLE_NOT_FOUND);
  return article;
}

/** One article `reader` may read, rendered; null for any other address. */
export async function findArticle(db: Db, reader: Reader, slug: string): Promise<Article | null> {
  const [row] = await db
    .select({
      slug: kbArticles.slug,
      title: kbArticles.title,
      body: kbArticles.body,
      category: kbCategories.name,
      tags: kbArticles.tags,
      updatedAt: sql<string>`${isoTimestamp(kbArticles.updatedAt)}`,
    })
    .from(kbArticles)
    .innerJoin(kbCategories, eq(kbCategories.id, kbArticles.categoryId))
    .where(and(readableBy(reader), eq(kbArticles.slug, slug)));
  if (!row) return null;
  const { body, ...article } = row;
  return { ...article, excerpt: articleExcerpt(body, 160), html: articleHtml(body) };
}

/** At most this many articles on a help center's front page. */
const INDEX_MAX = 500;

/** Every article `reader` may read, by category and title: the help center's front page. */
export async function articlesByCategory(
  db: Db,
  reader: Reader,
): Promise<{ name: string; articles: { slug: string; title: string; excerpt: string }[] }[]> {
  const rows = await db
    .select({
      category: kbCategories.name,
      slug: kbArticles.slug,
      title: kbArticles.title,
      body: kbArticles.body,
    })
    .from(kbArticles)
    .innerJoin(kbCategories, eq(kbCategories.id, kbArticles.categoryId))
    .where(readableBy(reader))
    .orderBy(kbCategories.name, kbArticles.title, kbArticles.id)
    .limit(INDEX_MAX);
  const categories = new Map<string, { slug: string; title: string; excerpt: string }[]>();
  for (const row of rows) {
    const list = categories.get(row.category) ?? [];
    list.push({ slug: row.slug, title: row.title, excerpt: articleExcerpt(row.body) });
    categories.set(row.category, list);
  }
  return [...categories].map(([name, articles]) => ({ name, articles }));
}

/** The public articles' addresses and days changed: the sitemap's part of the help center. */
export function publicArticleSlugs(db: Db): Promise<{ slug: string; updatedAt: string }[]> {
  return db
    .select({
      slug: kbArticles.slug,
      updatedAt: sql<string>`to_char(${kbArticles.updatedAt} at time zone 'UTC', 'YYYY-MM-DD')`,
    })
    .from(kbArticles)
    .where(readableBy({ kind: 'public' }))
    .orderBy(kbArticles.slug);
}
