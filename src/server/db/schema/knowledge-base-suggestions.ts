// What the knowledge base's suggestions do for the new ticket form (issue 43, ADR 078): the
// searches made while a customer types a subject, and the forms an article closed.
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers, users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { kbArticles } from './knowledge-base.ts';

/**
 * What a customer typed as a new ticket's subject, each pause a search (issue 43): the articles
 * suggested, counted. A form is one opening of the new ticket form (an id its browser makes).
 */
export const kbSuggestionSearches = pgTable(
  'kb_suggestion_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    formId: uuid('form_id').notNull(),
    query: text('query').notNull(),
    hits: integer('hits').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('kb_suggestion_searches_form_idx').on(t.formId, t.createdAt),
    index('kb_suggestion_searches_created_idx').on(t.createdAt),
  ],
);

/** "This answered my question": a new ticket form closed by an article, once per form. */
export const kbDeflections = pgTable(
  'kb_deflections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    formId: uuid('form_id').notNull(),
    articleId: uuid('article_id').references(() => kbArticles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('kb_deflections_form_idx').on(t.formId),
    index('kb_deflections_created_idx').on(t.createdAt),
  ],
);
