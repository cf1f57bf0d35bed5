// Articles suggested while a customer writes a new ticket (issue 43, ADR 078): each search is
// recorded with its form, and a form an article answered is counted once.
import { and, countDistinct, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import { kbArticles, kbDeflections, kbSuggestionSearches } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import {
  SUGGESTION_LIMIT,
  type ArticleHit,
  type SuggestionInsights,
} from '../../../shared/schemas/knowledge-base.ts';
import { ARTICLE_NOT_FOUND } from './articles.ts';
import { readableBy, searchArticles } from './search.ts';

type Suggestion = { companyId: string; formId: string; subject: string };

/** The articles for a subject so far, as the company's users may read them; the search is recorded. */
export async function suggestArticles(
  tx: Tx,
  { companyId, formId, subject }: Suggestion,
): Promise<ArticleHit[]> {
  const hits = await searchArticles(tx, { kind: 'customer', companyId }, subject, SUGGESTION_LIMIT);
  await tx
    .insert(kbSuggestionSearches)
    .values({ customerId: companyId, formId, query: subject, hits: hits.length });
  return hits;
}

export const NOTHING_SUGGESTED = 'No articles were suggested on this form';

/**
 * "This answered my question": counts the form once (a second click, or a retry, is the same
 * answer). The article must be one the company may read, on a form it was shown articles on.
 */
export async function recordDeflection(
  tx: Tx,
  input: { companyId: string; userId: string; formId: string; slug: string },
): Promise<void> {
  const [article] = await tx
    .select({ id: kbArticles.id })
    .from(kbArticles)
    .where(
      and(
        readableBy({ kind: 'customer', companyId: input.companyId }),
        eq(kbArticles.slug, input.slug),
      ),
    );
  if (!article) throw notFound(ARTICLE_NOT_FOUND);
  // Only a form this company was shown articles on counts (outside attack, 2026-11-29: any
  // form id, or another company's, raised the rate).
  const [shown] = await tx
    .select({ id: kbSuggestionSearches.id })
    .from(kbSuggestionSearches)
    .where(
      and(
        eq(kbSuggestionSearches.formId, input.formId),
        eq(kbSuggestionSearches.customerId, input.companyId),
        sql`${kbSuggestionSearches.hits} > 0`,
      ),
    )
    .limit(1);
  if (!shown) throw notFound(NOTHING_SUGGESTED);
  await tx
    .insert(kbDeflections)
    .values({
      customerId: input.companyId,
      userId: input.userId,
      formId: input.formId,
      articleId: article.id,
    })
    .onConflictDoNothing({ target: kbDeflections.formId });
}

export const INSIGHT_DAYS = 30;
const UNANSWERED_MAX = 20;

/** The deflection rate and the subjects that found nothing, over the last INSIGHT_DAYS days. */
export async function suggestionInsights(db: Db): Promise<SuggestionInsights> {
  const since = sql`now() - make_interval(days => ${INSIGHT_DAYS})`;
  const [shown] = await db
    .select({ forms: countDistinct(kbSuggestionSearches.formId) })
    .from(kbSuggestionSearches)
    .where(and(gte(kbSuggestionSearches.createdAt, since), sql`${kbSuggestionSearches.hits} > 0`));
  const [answered] = await db
    .select({ forms: countDistinct(kbDeflections.formId) })
    .from(kbDeflections)
    .where(gte(kbDeflections.createdAt, since));
  // Each form's last search is what the customer meant; earlier ones were words being typed.
  const last = sql`(select distinct on (${kbSuggestionSearches.formId})
      ${kbSuggestionSearches.query} as query, ${kbSuggestionSearches.hits} as hits,
      ${kbSuggestionSearches.createdAt} as created_at
    from ${kbSuggestionSearches}
    where ${kbSuggestionSearches.createdAt} >= ${since}
    order by ${kbSuggestionSearches.formId}, ${kbSuggestionSearches.createdAt} desc) as last_search`;
  const unanswered = await db
    .select({
      query: sql<string>`min(last_search.query)`,
      forms: sql<number>`count(*)::int`,
      lastAt: sql<string>`${isoTimestamp(sql`max(last_search.created_at)`)}`,
    })
    .from(last)
    .where(sql`last_search.hits = 0`)
    .groupBy(sql`lower(last_search.query)`)
    .orderBy(sql`count(*) desc`, sql`max(last_search.created_at) desc`)
    .limit(UNANSWERED_MAX);
  const forms = shown?.forms ?? 0;
  const closed = Math.min(answered?.forms ?? 0, forms);
  return {
    days: INSIGHT_DAYS,
    formsWithSuggestions: forms,
    answered: closed,
    deflectionRate: forms === 0 ? null : closed / forms,
    unanswered,
  };
}

/**
 * What customers typed is kept only as long as the statistics read it: searches and answered
 * forms older than INSIGHT_DAYS days are deleted. A delete is its own claim, so servers that
 * run it at the same time remove each row once. Returns how many rows went.
 */
export async function purgeOldSuggestions(db: Db): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${INSIGHT_DAYS})`;
  const searches = await db
    .delete(kbSuggestionSearches)
    .where(lt(kbSuggestionSearches.createdAt, cutoff))
    .returning({ id: kbSuggestionSearches.id });
  const deflections = await db
    .delete(kbDeflections)
    .where(lt(kbDeflections.createdAt, cutoff))
    .returning({ id: kbDeflections.id });
  return searches.length + deflections.length;
}
