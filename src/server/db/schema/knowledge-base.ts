// The knowledge base (issue 43, ADR 078): categories, articles with their search vector, and
// every revision of an article's text.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { createdAt, trigramIndex, updatedAt } from './columns.ts';
import { articleVisibility } from './enums.ts';

/** PostgreSQL's `tsvector`: written and read only through SQL (services/knowledge-base). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const kbCategories = pgTable('kb_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  createdAt: createdAt(),
});

export const kbArticles = pgTable(
  'kb_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The article's address; made from its first title and kept, so links stay valid. */
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => kbCategories.id, { onDelete: 'restrict' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    visibility: articleVisibility('visibility').notNull(),
    /** The one company that reads a `company` article; null for every other visibility. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    published: boolean('published').notNull().default(false),
    /** The number of the latest revision (kb_article_revisions). */
    revision: integer('revision').notNull().default(1),
    updatedByName: text('updated_by_name').notNull(),
    /** Title A, tags B, text C (English stemming); written with the row by `saveArticle`. */
    searchVector: tsvector('search_vector').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('kb_articles_search_vector_idx').using('gin', t.searchVector),
    trigramIndex('kb_articles_title_trgm_idx', t.title),
    index('kb_articles_customer_idx').on(t.customerId),
    check(
      'kb_articles_company_names_one',
      sql`(${t.visibility} = 'company') = (${t.customerId} is not null)`,
    ),
  ],
);

/** Every saved state of an article, the first included: who changed what, when. */
export const kbArticleRevisions = pgTable(
  'kb_article_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    articleId: uuid('article_id')
      .notNull()
      .references(() => kbArticles.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    categoryId: uuid('category_id').notNull(),
    tags: text('tags').array().notNull(),
    visibility: articleVisibility('visibility').notNull(),
    customerId: uuid('customer_id'),
    published: boolean('published').notNull(),
    editedByName: text('edited_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('kb_article_revisions_number_idx').on(t.articleId, t.revision)],
);
