import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  helpArticlePage,
  helpIndexPage,
  helpNotFoundPage,
  helpSearchPage,
} from '../../../shared/help-center.ts';
import { paths } from '../../../shared/routes.ts';
import { articleSlugParams, SEARCH_LIMIT_MAX } from '../../../shared/schemas/knowledge-base.ts';
import { MAX_SEARCH_LENGTH } from '../../../shared/schemas/paging.ts';
import {
  articlesByCategory,
  findArticle,
  searchArticles,
} from '../../services/knowledge-base/search.ts';

const publicReader = { kind: 'public' } as const;

/**
 * The public help center's pages (issue 43, ADR 078): `/help` (its articles by category, or
 * the answer to its search form) and `/help/{slug}`, HTML that reads without JavaScript.
 * Public articles only, through the same reads as the API.
 */
export const helpPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.limitReads);

  app.get(
    paths.help,
    {
      // A page answers a page: an odd `q` (repeated, too long) is read leniently, never a 400.
      schema: { querystring: z.object({ q: z.string().optional().catch(undefined) }) },
    },
    async (request, reply) => {
      const q = (request.query.q ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
      if (!q)
        return app.sendHelpPage(
          request,
          reply,
          helpIndexPage(await articlesByCategory(app.db, publicReader)),
        );
      const hits = await searchArticles(app.db, publicReader, q, SEARCH_LIMIT_MAX);
      return app.sendHelpPage(request, reply, helpSearchPage(q, hits));
    },
  );

  app.get('/help/:slug', async (request, reply) => {
    const slug = articleSlugParams.safeParse(request.params);
    if (!slug.success) return app.sendHelpPage(request, reply, helpNotFoundPage());
    const article = await findArticle(app.db, publicReader, slug.data.slug);
    const page = article
      ? helpArticlePage({ ...article, description: article.excerpt })
      : helpNotFoundPage();
    return app.sendHelpPage(request, reply, page);
  });
};
