import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  prerenderFile,
  NOT_FOUND_PAGE,
  PORTAL_SHELL_PAGE,
  SHELL_PAGE,
} from '../../shared/prerender.ts';
import { paths, publicRoutes } from '../../shared/routes.ts';
import { parseCsp } from '../test/hardening/observatory.ts';
import { TMP_ROOT } from '../test/template.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const LOADER = 'addEventListener("load",()=>import("/assets/app-abc123.js"))';

/** A miniature build: what `npm run build:client` writes, with the placeholder tokens. */
async function writeClient(dir: string) {
  const page = (h1: string) =>
    `<html><head><meta name="help-center-url" content="__HELP_CENTER_URL__" /><meta name="csp-nonce" content="__CSP_NONCE__" /><meta name="session-hint" content="__SESSION_HINT__" /><link rel="canonical" href="__APP_URL__/x" /></head><body><h1>${h1}</h1><a href="__HELP_CENTER_URL__">Help Center</a></body></html>`;
  const write = async (file: string, text: string) => {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  };
  await write('index.html', page('template'));
  await write(prerenderFile(SHELL_PAGE), page('shell'));
  await write(prerenderFile(PORTAL_SHELL_PAGE), page('portal shell'));
  await write('.vite/manifest.json', '{}');
  await write(prerenderFile(NOT_FOUND_PAGE), page('404 Page Not Found'));
  // Public pages carry the build's inline boot loader (decision 027).
  for (const route of publicRoutes)
    await write(
      prerenderFile(route),
      page(`page ${route}`).replace('</body>', `<script type="module">${LOADER}</script></body>`),
    );
  await write('assets/app-abc123.js', 'console.log("app")');
  await write('assets/app-abc123.js.br', 'pretend-brotli');
}

describe('serving the built client', () => {
  let t: TestApp;
  const clientDir = path.join(TMP_ROOT, `client-${process.pid}`);
  beforeAll(async () => {
    await writeClient(clientDir);
    t = await createTestApp({
      clientDir,
      appUrl: 'https://www.meridian.example',
      helpCenterUrl: 'https://help.example.com/?a=1&b=2',
    });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(clientDir, { recursive: true, force: true });
  });

  it('serves each public route its own prerendered page with the configuration filled in', async () => {
    for (const route of publicRoutes) {
      const res = await t.app.inject({ method: 'GET', url: route });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.body).toContain(`<h1>page ${route}</h1>`);
      expect(res.body).toContain('href="https://www.meridian.example/x"');
      expect(res.body).toContain('content="https://help.example.com/?a=1&amp;b=2"');
      expect(res.body).not.toMatch(/__(APP|HELP_CENTER)_URL__|__CSP_NONCE__|__SESSION_HINT__/);
    }
  });

  it("allows the public pages' inline loader by its hash, and no other inline script", async () => {
    const hash = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;
    const page = await t.app.inject({ method: 'GET', url: '/about' });
    expect(parseCsp(String(page.headers['content-security-policy'])).get('script-src')).toEqual([
      "'self'",
      hash,
    ]);
    const shell = await t.app.inject({ method: 'GET', url: '/portal/dashboard' });
    expect(parseCsp(String(shell.headers['content-security-policy'])).get('script-src')).toEqual([
      "'self'",
    ]);
  });

  const metaOf = (html: string, name: string) =>
    new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];

  it('gives every page response its own style nonce, in the page and in its CSP, and keeps it out of shared caches', async () => {
    const nonces = new Set<string>();
    for (const url of ['/contact', '/contact', '/portal/invoices', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      const nonce = metaOf(res.body, 'csp-nonce');
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const styleSrc = parseCsp(String(res.headers['content-security-policy'])).get('style-src');
      expect(styleSrc).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.etag).toBeUndefined();
      nonces.add(nonce ?? '');
    }
    expect(nonces.size).toBe(4);
    // Responses without a page keep the plain policy: no nonce to allow.
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(parseCsp(String(api.headers['content-security-policy'])).get('style-src')).toEqual([
      "'self'",
    ]);
  });

  it('tells the page whether a validly signed session cookie came with it', async () => {
    const hint = async (cookie?: string) =>
      metaOf(
        (await t.app.inject({ method: 'GET', url: '/', headers: cookie ? { cookie } : {} })).body,
        'session-hint',
      );
    expect(await hint()).toBe('absent');
    expect(await hint(`${t.app.sessionCookieName}=${t.app.signCookie('any-id')}`)).toBe('present');
    expect(await hint(`${t.app.sessionCookieName}=forged-id.not-signed`)).toBe('absent');
    expect(await hint('other=1')).toBe('absent');
  });

  it('marks the signed-out shell of the signed-in areas noindex, and nothing else', async () => {
    const get = (url: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    const signedIn = `${t.app.sessionCookieName}=${t.app.signCookie('any-id')}`;
    expect((await get('/portal/dashboard')).headers['x-robots-tag']).toBe('noindex');
    expect((await get('/staff')).headers['x-robots-tag']).toBe('noindex');
    expect((await get('/portal/dashboard', signedIn)).headers['x-robots-tag']).toBeUndefined();
    expect((await get('/services')).headers['x-robots-tag']).toBeUndefined();
  });

  it('sends brotli or gzip when the browser accepts it', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>page /about</h1>');
    const gz = await t.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<h1>page /about</h1>');
  });

  it('answers unknown paths with the 404 page and status 404, signed-in areas with the shell', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/services/nope?x=1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<h1>404 Page Not Found</h1>');
    // Issue 42: the portal's paths get the shell that preloads the portal's first code.
    const portal = await t.app.inject({ method: 'GET', url: '/portal/invoices' });
    expect(portal.statusCode).toBe(200);
    expect(portal.body).toContain('<h1>portal shell</h1>');
    const staff = await t.app.inject({ method: 'GET', url: '/staff' });
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toContain('<h1>shell</h1>');
    // The build's manifest is for the first-paint budget, not for visitors.
    const manifest = await t.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.json()).toEqual({ message: 'Not Found' });
  });

  it('never exposes the raw prerendered files or the template', async () => {
    for (const url of ['/_prerender/about.html', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('__APP_URL__');
    }
  });

  it('serves hashed assets immutable, precompressed when a sibling exists', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('pretend-brotli');
  });

  it('lists every public route and the help center in sitemap.xml under APP_URL and points robots.txt to it', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...sitemap.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    // Then the help center and the demo's public articles (ADR 078).
    const site = 'https://www.meridian.example';
    expect(locs.filter((loc) => !loc?.startsWith(`${site}/help/`))).toEqual(
      [...publicRoutes, paths.help].map((r) => `${site}${r}`),
    );
    expect(locs).toContain(`${site}/help/what-to-include-in-a-support-ticket`);
    expect(locs).not.toContain(`${site}/help/scanning-at-the-acme-warehouse`);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://www.meridian.example/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
    // The signed-in areas keep crawlers out by noindex, which a Disallow would hide from them.
    expect(robots.body).not.toMatch(/Disallow: \/(portal|staff)/);
  });
});
