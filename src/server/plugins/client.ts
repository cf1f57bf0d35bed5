import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  NOT_FOUND_PAGE,
  PORTAL_SHELL_PAGE,
  PRERENDER_DIR,
  SHELL_PAGE,
  prerenderFile,
} from '../../shared/prerender.ts';
import {
  islandPattern,
  type FormAnswer,
  type IslandName,
  type IslandProps,
  type IslandRenderer,
} from '../../shared/islands.ts';
import { isAppPath, paths, publicRoutes } from '../../shared/routes.ts';
import { fillHelpPage, type HelpPage } from '../../shared/help-center.ts';
import type { Config } from '../config.ts';
import {
  cacheDocument,
  fillResponseTokens,
  loadHtml,
  resolveIn,
  sendDocument,
  sendFreshHtml,
} from './client-documents.ts';
import { contentSecurityPolicy } from './security.ts';
import { robotsTxt, sitemapXml } from './site-files.ts';
import { publicArticleSlugs } from '../services/knowledge-base/search.ts';
import { HISTORY_DAYS, publicStatus } from '../services/status-page/views.ts';
import { statusPage } from '../../shared/status-page-html.ts';

/** What a form posted without JavaScript gets: its page, with the form's island showing `answer`. */
export type FormPageAnswer = {
  route: string;
  island: IslandName;
  answer: FormAnswer;
};

const unescapeAttr = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The props an island was prerendered with (its `data-props` attribute), or undefined. */
function prerenderedProps(page: string, island: IslandName): IslandProps[IslandName] | undefined {
  const props = islandPattern(island)
    .exec(page)?.[0]
    .match(/^<div [^>]*data-props="([^"]*)"/)?.[1];
  return props === undefined
    ? undefined
    : (JSON.parse(unescapeAttr(props)) as IslandProps[IslandName]);
}

/**
 * CSP sources for the inline scripts of a built page (the public pages' boot loader): their
 * hashes, read from the build's template before anything of a request is put into it.
 */
function inlineScriptHashes(template: string): string[] {
  return [...template.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the prerendered page `route` with its island re-rendered (docs/decisions/024-public-islands.md). */
    sendFormPage(
      request: FastifyRequest,
      reply: FastifyReply,
      answer: FormPageAnswer,
    ): FastifyReply;
    /** Sends the help center's prerendered template filled with `page` (ADR 078). */
    sendHelpPage(request: FastifyRequest, reply: FastifyReply, page: HelpPage): FastifyReply;
  }
}

/** The server build of the islands (npm run build:ssr), beside the client build. */
async function loadIslandRenderer(clientDir: string): Promise<IslandRenderer | undefined> {
  const file = path.join(clientDir, '..', 'ssr', 'server-render.js');
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderIsland: IslandRenderer };
  return module.renderIsland;
}

/**
 * Serves the built client: hashed assets cached for a year (precompressed siblings when
 * present), the prerendered public pages with this server's APP_URL and HELP_CENTER_URL
 * filled in (read once at startup), the SPA shell for signed-in areas, the 404 page with
 * status 404, and /sitemap.xml and /robots.txt. `/api/*` never falls through to HTML.
 * Each HTML response gets its own CSP style nonce and the session hint.
 */
export const clientPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const robots = cacheDocument(robotsTxt(config.appUrl), 'text/plain; charset=utf-8');
  // Read on each request: the public articles change while the server runs (ADR 078).
  app.get('/sitemap.xml', { logLevel: 'warn' }, async (request, reply) => {
    const xml = sitemapXml(config.appUrl, await publicArticleSlugs(app.db));
    return sendDocument(request, reply, cacheDocument(xml, 'application/xml; charset=utf-8'));
  });
  app.get('/robots.txt', { logLevel: 'warn' }, (request, reply) =>
    sendDocument(request, reply, robots),
  );

  const scriptHashes = new Map<string, string[]>();
  /** The page with a fresh nonce in its `<meta>` and in the CSP that allows it. */
  function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    template: string,
    status = 200,
    /** Applied after the tokens are filled, so nothing a visitor typed is taken for a token. */
    finish: (html: string) => string = (html) => html,
  ) {
    const nonce = randomBytes(16).toString('base64');
    let scriptSources = scriptHashes.get(template);
    if (!scriptSources) scriptHashes.set(template, (scriptSources = inlineScriptHashes(template)));
    const html = finish(
      fillResponseTokens(template, {
        nonce,
        // A validly signed cookie is enough: checking the session costs a query, and the
        // client's /api/auth/user call tells an ended session apart.
        sessionHint: app.readSessionId(request) ? 'present' : 'absent',
      }),
    );
    reply.header(
      'content-security-policy',
      contentSecurityPolicy(config.appUrl, [`'nonce-${nonce}'`], scriptSources),
    );
    return sendFreshHtml(request, reply, html, status);
  }

  const dir = config.clientDir;
  const hasClient = !!dir && fs.existsSync(path.join(dir, 'index.html'));
  let shell: string | undefined;
  let portalShell: string | undefined;
  let notFoundPage: string | undefined;
  const pages = new Map<string, string>();
  let helpTemplate: string | undefined;
  let renderIsland: IslandRenderer | undefined;
  if (dir && hasClient) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Pages are served below from memory, with the configuration filled in.
      // The build's manifest (.vite/) is for the first-paint budget, not for visitors.
      globIgnore: [`${PRERENDER_DIR}/**`, 'index.html*', 'public.html*', '.vite/**'],
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    const values = { appUrl: config.appUrl, helpCenterUrl: config.helpCenterUrl };
    const load = (route: string) => loadHtml(resolveIn(dir, prerenderFile(route)), values);
    // A plain `vite build` (no prerender step) still works: every page is the shell.
    shell = load(SHELL_PAGE) ?? loadHtml(path.join(dir, 'index.html'), values);
    notFoundPage = load(NOT_FOUND_PAGE) ?? shell;
    portalShell = load(PORTAL_SHELL_PAGE) ?? shell;
    for (const route of publicRoutes) {
      const page = load(route) ?? shell;
      if (!page) continue;
      pages.set(route, page);
      // Signed in, `/` is the dashboard (spec section 2): with a session cookie it is the
      // shell, so the marketing page never shows before it (docs/decisions/049-public-pages-signed-in.md).
      const signedInPage = route === paths.home ? shell : undefined;
      if (route === paths.systemStatus) continue;
      app.get(route, (request, reply) =>
        sendPage(request, reply, signedInPage && app.readSessionId(request) ? signedInPage : page),
      );
    }
    helpTemplate = load(paths.help);
    const placeholder = pages.get(paths.systemStatus);
    // The spec's placeholder until staff turn the live page on (ADR 079); then the live state,
    // read per request into the public template, so a change shows on the next load.
    const liveTemplate = helpTemplate;
    if (placeholder) {
      app.get(paths.systemStatus, async (request, reply) => {
        const view = await publicStatus(app.db);
        if (!view || !liveTemplate) return sendPage(request, reply, placeholder);
        const page = statusPage({ ...view, historyDays: HISTORY_DAYS });
        return sendPage(request, reply, liveTemplate, 200, (html) => fillHelpPage(html, page));
      });
    }
    renderIsland = await loadIslandRenderer(dir);
  }

  app.decorate('sendHelpPage', (request: FastifyRequest, reply: FastifyReply, page: HelpPage) => {
    if (!helpTemplate) {
      // A server without the built client (API-only) has no page to answer with.
      return reply.status(503).send({ message: 'The help center needs the built client' });
    }
    // Filled after the response's tokens, so nothing an article says is taken for one.
    return sendPage(request, reply, helpTemplate, page.status, (html) => fillHelpPage(html, page));
  });

  app.decorate(
    'sendFormPage',
    (request: FastifyRequest, reply: FastifyReply, answer: FormPageAnswer) => {
      const page = pages.get(answer.route);
      const props = page && prerenderedProps(page, answer.island);
      if (!page || !props || !renderIsland) {
        // A server without the built client (API-only) has no page to answer with.
        return reply.status(503).send({ message: 'This form needs the built client' });
      }
      const island = renderIsland(answer.island, { ...props, answer: answer.answer });
      const pattern = islandPattern(answer.island);
      // Always 200: the page is the answer, its outcome is in it (a 4xx page is logged as a
      // console error by browsers).
      return sendPage(request, reply, page, 200, (html) => html.replace(pattern, () => island));
    },
  );

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      pathname !== '/api' &&
      !pathname.startsWith('/api/');
    if (!isPageRequest || !shell || !notFoundPage) {
      return reply.status(404).send({ message: 'Not Found' });
    }
    // Signed-in areas are client-routed: the shell decides what to show once auth is known.
    if (isAppPath(pathname)) {
      // Signed out (every crawler), the shell only sends the visitor to sign in: nothing to
      // index. Said here, not in robots.txt, which would stop crawlers from reading it.
      if (!app.readSessionId(request)) reply.header('x-robots-tag', 'noindex');
      const portal = pathname === paths.portal || pathname.startsWith(`${paths.portal}/`);
      return sendPage(request, reply, (portal && portalShell) || shell);
    }
    return sendPage(request, reply, notFoundPage, 404);
  });
});
