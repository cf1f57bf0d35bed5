import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articleHitSchema,
  articleInputSchema,
  articleListQuerySchema,
  articleRevisionSchema,
  categoryInputSchema,
  categorySchema,
  searchQuerySchema,
  staffArticleRowSchema,
  staffArticleSchema,
  suggestionInsightsSchema,
} from '../../../shared/schemas/knowledge-base.ts';
import { suggestionInsights } from '../../services/knowledge-base/suggestions.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  articleRevisions,
  createArticle,
  readStaffArticle,
  updateArticle,
} from '../../services/knowledge-base/articles.ts';
import {
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
} from '../../services/knowledge-base/categories.ts';
import { searchArticles } from '../../services/knowledge-base/search.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { staffArticlePages } from './knowledge-base-pages.ts';

/** The knowledge base's articles and categories (issue 43, ADR 078), under `/api/staff/kb`. */
export const knowledgeBaseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/kb/articles',
    {
      schema: {
        querystring: articleListQuerySchema,
        response: { 200: z.array(staffArticleRowSchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, staffArticlePages, { query: request.query }),
  );

  app.post(
    '/kb/articles',
    {
      schema: {
        body: articleInputSchema,
        response: { 201: staffArticleSchema, 400: messageSchema, 409: messageSchema },
      },
    },
    async (request, reply) => {
      const made = await app.write((tx) => createArticle(tx, actorOf(request), request.body));
      return reply.status(201).send(made);
    },
  );

  app.get(
    '/kb/articles/:id',
    {
      schema: { params: idParam('id'), response: { 200: staffArticleSchema, 404: messageSchema } },
    },
    (request) => readStaffArticle(app.db, request.params.id),
  );

  app.put(
    '/kb/articles/:id',
    {
      schema: {
        params: idParam('id'),
        body: articleInputSchema,
        response: { 200: staffArticleSchema, 400: messageSchema, 404: messageSchema },
      },
    },
    (request) =>
      app.write((tx) => updateArticle(tx, actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/kb/articles/:id/revisions',
    {
      schema: {
        params: idParam('id'),
        response: { 200: z.array(articleRevisionSchema), 404: messageSchema },
      },
    },
    (request) => articleRevisions(app.db, request.params.id),
  );

  // Every published article, staff-only ones included; with `customerId`, the articles that
  // company's users may read: the reply box's picker links nothing its reader cannot open.
  app.get(
    '/kb/search',
    {
      schema: {
        querystring: searchQuerySchema.extend({
          customerId: z.uuid('customerId must be a UUID').optional(),
        }),
        response: { 200: z.array(articleHitSchema), 400: messageSchema },
      },
    },
    (request) => {
      const { q, limit, customerId } = request.query;
      const reader = customerId
        ? ({ kind: 'customer', companyId: customerId } as const)
        : ({ kind: 'staff' } as const);
      return searchArticles(app.db, reader, q, limit);
    },
  );

  app.get('/kb/categories', { schema: { response: { 200: z.array(categorySchema) } } }, () =>
    listCategories(app.db),
  );

  app.post(
    '/kb/categories',
    {
      schema: {
        body: categoryInputSchema,
        response: { 201: categorySchema, 400: messageSchema, 409: messageSchema },
      },
    },
    async (request, reply) => {
      const made = await app.write((tx) => createCategory(tx, actorOf(request), request.body.name));
      return reply.status(201).send(made);
    },
  );

  app.put(
    '/kb/categories/:id',
    {
      schema: {
        params: idParam('id'),
        body: categoryInputSchema,
        response: { 200: categorySchema, 404: messageSchema, 409: messageSchema },
      },
    },
    (request) =>
      app.write((tx) => renameCategory(tx, actorOf(request), request.params.id, request.body.name)),
  );

  app.delete(
    '/kb/categories/:id',
    {
      schema: {
        params: idParam('id'),
        response: { 204: z.null(), 404: messageSchema, 409: messageSchema },
      },
    },
    async (request, reply) => {
      await app.write((tx) => deleteCategory(tx, actorOf(request), request.params.id));
      return reply.status(204).send(null);
    },
  );

  // What the suggestions do: forms they closed, and what customers looked for in vain.
  app.get('/kb/insights', { schema: { response: { 200: suggestionInsightsSchema } } }, () =>
    suggestionInsights(app.db),
  );
};
