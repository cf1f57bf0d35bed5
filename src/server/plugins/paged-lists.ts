import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { TOTAL_COUNT_HEADER } from '../../shared/schemas/paging.ts';
import { sendRevalidatedJson } from './revalidate.ts';
import { parseJsonText, type JsonText } from '../db/json-list.ts';
import { CursorSigner, readPage, type PagedList, type PageRequest } from '../db/paged-list.ts';

/**
 * A page asked for by a route: its `where` and query, and a scope id only where no guard
 * decides it (a staff route reading one company's or one endpoint's rows).
 */
export type ListRead<F extends string> = Omit<PageRequest<F>, 'scopeId'> & { scopeId?: string };

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
      page: ListRead<F>,
    ): Promise<FastifyReply>;
    /**
     * `sendPage` for a list whose rows the database cannot build alone (an agreement's hours
     * come from the draw-down rule in code): the page's rows, in order, are given to `expand`
     * and its answer sent with the same headers.
     */
    sendExpandedPage<T, F extends string, U>(
      request: FastifyRequest,
      reply: FastifyReply,
      list: PagedList<T, F>,
      page: ListRead<F>,
      expand: (rows: T[]) => Promise<U[]>,
    ): Promise<FastifyReply>;
  }
}

/** The URL of the next page: this request's own path and query with the next cursor. */
function nextLink(request: FastifyRequest, cursor: string) {
  const url = new URL(request.url, 'http://localhost');
  url.searchParams.set('cursor', cursor);
  return `<${url.pathname}${url.search}>; rel="next"`;
}

/**
 * The scope a list is read in. Under the company guard: the guard's company, never one the
 * route names, and never a workspace list. Elsewhere (staff routes): `staff` for a workspace
 * list, or the company or endpoint the route names.
 */
export function scopeOf(
  request: Pick<FastifyRequest, 'company'>,
  list: Pick<PagedList<unknown>, 'name' | 'scope'>,
  given: string | undefined,
): string {
  if (request.company) {
    if (given === undefined && list.scope !== 'staff') return request.company.companyId;
  } else if (list.scope === 'staff') {
    if (given === undefined) return 'staff';
  } else if (given !== undefined) return given;
  throw new Error(`The list ${list.name} was asked for in a scope its route may not name`);
}

export const pagedListsPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  // A key of its own, derived from the session secret: cursors and cookies never share a MAC.
  const key = createHmac('sha256', config.sessionSecrets[0]!).update('list-cursor').digest('hex');
  const signer = new CursorSigner(key);
  async function answer<T, F extends string, U>(
    request: FastifyRequest,
    reply: FastifyReply,
    list: PagedList<T, F>,
    page: ListRead<F>,
    expand?: (rows: T[]) => Promise<U[]>,
  ) {
    const scopeId = scopeOf(request, list, page.scopeId);
    const read = { ...page, scopeId };
    const { json, total, next } = await readPage(app.db, signer, list, read, {
      totals: app.listTotals,
      firstPages: app.firstPages,
    });
    const body: JsonText<unknown> = expand
      ? JSON.stringify(await expand(parseJsonText(json)))
      : json;
    const link = next ? nextLink(request, next) : '';
    reply.header(TOTAL_COUNT_HEADER, String(total));
    if (link) reply.header('link', link);
    return sendRevalidatedJson(request, reply, body, [String(total), link]);
  }
  app.decorate('sendPage', (request, reply, list, page) => answer(request, reply, list, page));
  app.decorate('sendExpandedPage', answer);
});
