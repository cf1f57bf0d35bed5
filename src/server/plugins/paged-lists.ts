import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { TOTAL_COUNT_HEADER } from '../../shared/schemas/paging.ts';
import { sendRevalidatedJson } from './revalidate.ts';
import { CursorSigner, readPage, type PagedList, type PageRequest } from '../db/paged-list.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers one page of a list (docs/decisions/029-paged-lists.md): the JSON array of
     * the page, `X-Total-Count` and, when there is more, `Link: <...>; rel="next"`.
     */
    sendPage<T, F extends string>(
      request: FastifyRequest,
      reply: FastifyReply,
      list: PagedList<T, F>,
      page: PageRequest<F>,
    ): Promise<FastifyReply>;
  }
}

/** The URL of the next page: this request's own path and query with the next cursor. */
function nextLink(request: FastifyRequest, cursor: string) {
  const url = new URL(request.url, 'http://localhost');
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

export const pagedListsPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  // A key of its own, derived from the session secret: cursors and cookies never share a MAC.
  const key = createHmac('sha256', config.sessionSecrets[0]!).update('list-cursor').digest('hex');
  const signer = new CursorSigner(key);
  app.decorate('sendPage', async function sendPage<
    T,
    F extends string,
  >(request: FastifyRequest, reply: FastifyReply, list: PagedList<T, F>, page: PageRequest<F>) {
    const { json, total, next } = await readPage(app.db, signer, list, page, app.listTotals);
    const link = next ? nextLink(request, next) : '';
    reply.header(TOTAL_COUNT_HEADER, String(total));
    if (link) reply.header('link', link);
    return sendRevalidatedJson(request, reply, json, [String(total), link]);
  });
});
