import rateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/errors.ts';
import { callerKey } from './session/caller-key.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Counters the in-memory rate-limit store keeps per limit (the plugin's default, 5,000,
 * let a flood of new addresses push a limited client's counter out). A deployment with
 * several servers, or facing the internet, sets REDIS_URL and keeps them there instead.
 */
export const RATE_LIMIT_KEYS = 100_000;

/** Options for `app.createRateLimit` with RATE_LIMIT_KEYS counters (`cache` is missing from the plugin's option types). */
export const withKeyMemory = <T extends CreateRateLimitOptions>(options: T) => ({
  ...options,
  cache: RATE_LIMIT_KEYS,
});

/** Signed-in answers: a browser may keep its own copy but must revalidate; shared caches never store it. */
export const API_CACHE_CONTROL = 'private, no-cache';

const CSP_DIRECTIVES: [string, string][] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'none'"],
];

/**
 * The Content-Security-Policy. No unsafe source anywhere: an HTML response whose page
 * needs inline styles passes their nonce or hash as `styleSources` (see
 * docs/decisions/012-csp-style-nonce.md), one with a built inline script its hash as
 * `scriptSources` (the public pages' boot loader, decision 027).
 */
export function contentSecurityPolicy(
  appUrl: string,
  styleSources: string[] = [],
  scriptSources: string[] = [],
): string {
  const extra: Record<string, string[]> = {
    'style-src': styleSources,
    'script-src': scriptSources,
  };
  const csp = CSP_DIRECTIVES.map(([name, value]) =>
    [name, value, ...(extra[name] ?? [])].join(' '),
  );
  if (appUrl.startsWith('https:')) csp.push('upgrade-insecure-requests');
  return csp.join(';');
}

/**
 * The headers every response carries (Helmet's set, fixed at start). Scored A+
 * by the Observatory rules in `src/server/test/hardening/headers.test.ts`.
 */
export function securityHeaders(appUrl: string): Record<string, string> {
  const https = appUrl.startsWith('https:');
  return {
    'content-security-policy': contentSecurityPolicy(appUrl),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Two years, as the HSTS preload list asks; only meaningful over https.
    ...(https ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * True when a request comes from a page of this site: the browser says `same-origin`, or the
 * `Origin` is the address the request was sent to (its Host, and scheme; a trusted proxy's
 * X-Forwarded-Host/-Proto count, nobody else's) or APP_URL (a proxy may rewrite Host). So the
 * site works at whatever address it was opened, 127.0.0.1 or a LAN name included.
 */
export function isSameOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'same-origin') return true;
  if (fetchSite === 'cross-site') return false;
  const origin = request.headers.origin?.toLowerCase();
  // No Origin: not a browser's cross-site form or fetch (those always send one on writes).
  if (origin === undefined) return true;
  // "Origin: null" comes from sandboxed frames and no-referrer pages; only same-origin (above) may pass.
  if (origin === 'null') return false;
  return origin === appOrigin || origin === `${request.protocol}://${request.host}`.toLowerCase();
}

/**
 * Security headers, `Cache-Control` of API answers, cross-site request refusal and the
 * rate-limit machinery. Rate limits are opt-in per route (`config.rateLimit`) and for
 * signed-in reads (plugins/read-limit.ts), never global.
 */
export const securityPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const headers = securityHeaders(config.appUrl);
  // Computed once at start; @fastify/helmet rebuilt them on every request. API answers are
  // never stored by shared caches; routes that must not be stored at all say no-store.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.url.startsWith('/api/')) reply.header('cache-control', API_CACHE_CONTROL);
    done();
  });

  const appOrigin = new URL(config.appUrl).origin;
  // A state-changing call must come from our own pages: SameSite=Lax is the first wall, this the second.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || isSameOrigin(request, appOrigin)) return done();
    const { origin, 'sec-fetch-site': fetchSite, host } = request.headers;
    request.log.warn({ origin, fetchSite, host }, 'cross-site request refused');
    done(new HttpError(403, 'Cross-site request refused'));
  });

  // Every route's own limit keeps RATE_LIMIT_KEYS counters (the plugin reads `cache` per route).
  app.addHook('onRoute', (route) => {
    const limit: unknown = route.config?.rateLimit;
    if (limit && typeof limit === 'object') Object.assign(limit, { cache: RATE_LIMIT_KEYS });
  });

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        connectTimeout: 1000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => {})));
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'rl:',
    skipOnError: true,
    // A route's write limit counts per caller, as reads do; signed out (the public forms), the
    // address.
    keyGenerator: async (request) => (await callerKey(request)).key,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
  });
});
