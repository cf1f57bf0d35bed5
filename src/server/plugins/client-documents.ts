import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { responseTokens, siteTokens, type SessionHint } from '../../shared/site-tokens.ts';

/** A response body kept in memory with its compressed forms. */
export type CachedDocument = { body: Buffer; gzip: Buffer; br: Buffer; type: string };

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Replaces the build's placeholder tokens with this server's configuration. */
export function fillTokens(html: string, values: { appUrl: string; helpCenterUrl: string }) {
  return html
    .replaceAll(siteTokens.appUrl, escapeAttr(values.appUrl))
    .replaceAll(siteTokens.helpCenterUrl, escapeAttr(values.helpCenterUrl));
}

/** Fills the per-response tokens; `nonce` is base64, safe inside an attribute. */
export function fillResponseTokens(
  html: string,
  values: { nonce: string; sessionHint: SessionHint },
): string {
  return html
    .replaceAll(responseTokens.cspNonce, values.nonce)
    .replaceAll(responseTokens.sessionHint, values.sessionHint);
}

export function cacheDocument(text: string, type: string): CachedDocument {
  const body = Buffer.from(text);
  return {
    body,
    type,
    gzip: zlib.gzipSync(body, { level: 9 }),
    br: zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  };
}

/** Reads a built HTML file and fills in the configuration; undefined when absent. */
export function loadHtml(
  file: string,
  values: { appUrl: string; helpCenterUrl: string },
): string | undefined {
  if (!fs.existsSync(file)) return undefined;
  return fillTokens(fs.readFileSync(file, 'utf8'), values);
}

type Encoding = 'br' | 'gzip' | null;
function acceptedEncoding(request: FastifyRequest): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** Status, type and caching of a document whose body depends on the accepted encoding. */
function documentHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  head: { status: number; type: string; cacheControl: string },
): Encoding {
  reply
    .status(head.status)
    .type(head.type)
    .header('vary', 'accept-encoding')
    .header('cache-control', head.cacheControl);
  return acceptedEncoding(request);
}

/** Sends the best encoding the browser accepts of a cached document, revalidated on every visit. */
export function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  doc: CachedDocument,
  status = 200,
) {
  const encoding = documentHeaders(request, reply, {
    status,
    type: doc.type,
    cacheControl: 'no-cache',
  });
  if (encoding) return reply.header('content-encoding', encoding).send(doc[encoding]);
  return reply.send(doc.body);
}

/**
 * Sends HTML made for this one response (it carries a nonce), compressed now with levels
 * that cost well under a millisecond for our pages. `private`: no shared cache may keep
 * or hand it to someone else; `no-cache`: the browser asks again on every visit.
 */
export function sendFreshHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  status = 200,
) {
  const encoding = documentHeaders(request, reply, {
    status,
    type: 'text/html; charset=utf-8',
    cacheControl: 'private, no-cache',
  });
  const body = Buffer.from(html);
  if (encoding === 'br') {
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    return reply.header('content-encoding', 'br').send(br);
  }
  if (encoding === 'gzip')
    return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(body, { level: 6 }));
  return reply.send(body);
}

export const resolveIn = (dir: string, relative: string) => path.join(dir, ...relative.split('/'));
