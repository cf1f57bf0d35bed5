import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  articleHitSchema,
  articleSchema,
  articleSlugParams,
  deflectionSchema,
  searchQuerySchema,
  suggestionRequestSchema,
} from '../../../shared/schemas/knowledge-base.ts';
import type { Config } from '../../config.ts';
import { userOf } from '../../plugins/session/actor.ts';
import { recordDeflection, suggestArticles } from '../../services/knowledge-base/suggestions.ts';
import { assure } from '../../plugins/session/assurance.ts';
import { companyOf } from '../../plugins/session/company-access.ts';
import { readArticle, searchArticles } from '../../services/knowledge-base/search.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';

/** The public help center's reads (issue 43): public articles, to anyone. */
export const publicKnowledgeBaseRoutes: FastifyPluginAsyncZod = async (app) => {
  assure(app, 'anonymous');
  app.addHook('onRequest', app.limitReads);

  app.get(
    '/api/kb/search',
    {
      schema: {
        querystring: searchQuerySchema,
        response: { 200: z.array(articleHitSchema), 400: messageSchema },
      },
    },
    (request) => searchArticles(app.db, { kind: 'public' }, request.query.q, request.query.limit),
  );

  app.get(
    '/api/kb/articles/:slug',
    { schema: { params: articleSlugParams, response: { 200: articleSchema, 404: messageSchema } } },
    (request) => readArticle(app.db, { kind: 'public' }, request.params.slug),
  );
};

/**
 * `/api/customers/:customerId/kb/...`, inside the company scope: the articles a user of that
 * company reads (public, every customer's, and the company's own), searched and one by one;
 * the new ticket form's suggestions are this search with `limit=5`.
 */
export const companyKnowledgeBaseRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  // A pause in typing asks once: a fast typist makes a few a minute, a script more.
  const suggestionLimit = {
    rateLimit: { max: 60 * config.rateLimitScale, timeWindow: '1 minute' },
  };
  app.get(
    '/kb/search',
    {
      config: { permission: 'knowledgeBase' },
      schema: {
        params: companyParams,
        querystring: searchQuerySchema,
        response: { 200: z.array(articleHitSchema), 400: messageSchema },
      },
    },
    (request) =>
      searchArticles(
        app.db,
        { kind: 'customer', companyId: companyOf(request).companyId },
        request.query.q,
        request.query.limit,
      ),
  );

  app.get(
    '/kb/articles/:slug',
    {
      config: { permission: 'knowledgeBase' },
      schema: {
        params: companyParams.extend(articleSlugParams.shape),
        response: { 200: articleSchema, 404: messageSchema },
      },
    },
    (request) =>
      readArticle(
        app.db,
        { kind: 'customer', companyId: companyOf(request).companyId },
        request.params.slug,
      ),
  );

  // The new ticket form's suggestions: a POST, since each one is recorded for the form (the
  // deflection rate and the subjects that found nothing, ADR 078).
  app.post(
    '/kb/suggestions',
    {
      config: { ...suggestionLimit, permission: 'tickets' },
      schema: {
        params: companyParams,
        body: suggestionRequestSchema,
        response: { 200: z.array(articleHitSchema), 400: messageSchema },
      },
    },
    (request) =>
      app.write((tx) =>
        suggestArticles(tx, {
          companyId: companyOf(request).companyId,
          formId: request.body.formId,
          subject: request.body.subject,
        }),
      ),
  );

  app.post(
    '/kb/deflections',
    {
      config: { ...suggestionLimit, permission: 'tickets' },
      schema: {
        params: companyParams,
        body: deflectionSchema,
        response: { 204: z.null(), 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      await app.write((tx) =>
        recordDeflection(tx, {
          companyId: companyOf(request).companyId,
          userId: userOf(request).id,
          formId: request.body.formId,
          slug: request.body.slug,
        }),
      );
      return reply.status(204).send(null);
    },
  );
};
