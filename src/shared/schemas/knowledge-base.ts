import { z } from 'zod';
import { requiredText } from './fields.ts';
import { MAX_SEARCH_LENGTH, SEARCH_TOO_LONG, pageQuerySchema } from './paging.ts';

/**
 * Who reads an article (issue 43, ADR 078): anyone on the public site, any signed-in customer
 * user, the users of one company, or staff alone.
 */
export const articleVisibilities = ['public', 'customers', 'company', 'staff'] as const;
export type ArticleVisibility = (typeof articleVisibilities)[number];
export const articleVisibilityLabels: Record<ArticleVisibility, string> = {
  public: 'Public',
  customers: 'Signed-in customers',
  company: 'One company',
  staff: 'Staff only',
};
export const VISIBILITY_MESSAGE = 'Visibility must be public, customers, company or staff';
export const COMPANY_REQUIRED = 'Choose the company that may read this article';
export const COMPANY_ONLY_FOR_ONE = 'Only an article visible to one company names a company';

export const ARTICLE_BODY_MAX = 50_000;
export const ARTICLE_TAGS_MAX = 10;
export const TAG_MAX = 40;

const tagField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'A tag may not be empty')
  .max(TAG_MAX, `A tag is at most ${TAG_MAX} characters`);

export const articleInputSchema = z
  .object({
    title: requiredText('Title is required', 150),
    body: requiredText('Article text is required', ARTICLE_BODY_MAX),
    categoryId: z.uuid('Choose a category'),
    tags: z
      .array(tagField, { message: 'Tags must be a list' })
      .max(ARTICLE_TAGS_MAX, `At most ${ARTICLE_TAGS_MAX} tags`)
      .default([])
      // The same tag twice would only weigh the article twice in search.
      .transform((tags) => [...new Set(tags)]),
    visibility: z.enum(articleVisibilities, { message: VISIBILITY_MESSAGE }),
    customerId: z.uuid('Choose the company that may read this article').nullable().default(null),
    published: z.boolean({ message: 'Published must be true or false' }),
  })
  .superRefine((value, ctx) => {
    if (value.visibility === 'company' && !value.customerId) {
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: COMPANY_REQUIRED });
    }
    if (value.visibility !== 'company' && value.customerId) {
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: COMPANY_ONLY_FOR_ONE });
    }
  });
export type ArticleInput = z.input<typeof articleInputSchema>;
export type ArticleValues = z.output<typeof articleInputSchema>;

/** An article as staff read and edit it. */
export const staffArticleSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  categoryId: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  visibility: z.enum(articleVisibilities),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  published: z.boolean(),
  revision: z.number(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type StaffArticle = z.infer<typeof staffArticleSchema>;

/** A row of the staff list: the article without its text. */
export const staffArticleRowSchema = staffArticleSchema.omit({ body: true });
export type StaffArticleRow = z.infer<typeof staffArticleRowSchema>;

export const articleListQuerySchema = pageQuerySchema({
  visibility: articleVisibilities,
  state: ['published', 'draft'],
});

export const articleRevisionSchema = z.object({
  revision: z.number(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  visibility: z.enum(articleVisibilities),
  published: z.boolean(),
  editedBy: z.string(),
  editedAt: z.string(),
});
export type ArticleRevision = z.infer<typeof articleRevisionSchema>;

/** An article as a reader gets it: its text rendered to safe HTML (shared/markdown.ts). */
export const articleSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** The text's first words, without Markdown: the page's description. */
  excerpt: z.string(),
  html: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  updatedAt: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

/** A search hit: enough to list it and link to it. */
export const articleHitSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** Where it may be linked: the public help center, or the portal. */
  visibility: z.enum(articleVisibilities),
  category: z.string(),
  excerpt: z.string(),
  updatedAt: z.string(),
});
export type ArticleHit = z.infer<typeof articleHitSchema>;

export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_REQUIRED = 'Type something to search for';
export const searchQuerySchema = z.object({
  q: z
    .string({ message: SEARCH_REQUIRED })
    .trim()
    .min(1, SEARCH_REQUIRED)
    .max(MAX_SEARCH_LENGTH, SEARCH_TOO_LONG),
  limit: z.coerce
    .number({ message: `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}` })
    .int(`limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .max(SEARCH_LIMIT_MAX, `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .default(10),
});

/** An article's address: lower-case words joined by hyphens. */
export const articleSlugParams = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not Found')
    .max(120, 'Not Found'),
});

export const categoryInputSchema = z.object({
  name: requiredText('Name is required', 60),
});
export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  articles: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

/** Up to this many articles beside the new ticket form. */
export const SUGGESTION_LIMIT = 5;

/** The new ticket form's subject so far, and the form it is typed in (an id its browser made). */
export const suggestionRequestSchema = z.object({
  formId: z.uuid('formId must be a UUID'),
  subject: z
    .string({ message: SEARCH_REQUIRED })
    .trim()
    .min(1, SEARCH_REQUIRED)
    .max(200, SEARCH_TOO_LONG),
});

/** "This answered my question": the form it closed and the article that answered. */
export const deflectionSchema = z.object({
  formId: z.uuid('formId must be a UUID'),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Article not found')
    .max(120, 'Article not found'),
});

/** What staff read of the suggestions over the last `days` days. */
export const suggestionInsightsSchema = z.object({
  days: z.number(),
  /** New ticket forms that were shown at least one article. */
  formsWithSuggestions: z.number(),
  /** Of them, closed by "this answered my question". */
  answered: z.number(),
  /** answered / formsWithSuggestions, or null before any form. */
  deflectionRate: z.number().nullable(),
  /** The subjects whose last search found nothing, most often first. */
  unanswered: z.array(z.object({ query: z.string(), forms: z.number(), lastAt: z.string() })),
});
export type SuggestionInsights = z.infer<typeof suggestionInsightsSchema>;
