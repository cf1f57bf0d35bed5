import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { siteTokens } from '../../shared/site-tokens.ts';

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

/** Reads a built HTML file, fills in the configuration and caches it; undefined when absent. */
export function loadHtml(
  file: string,
  values: { appUrl: string; helpCenterUrl: string },
): CachedDocument | undefined {
  if (!fs.existsSync(file)) return undefined;
  return cacheDocument(
    fillTokens(fs.readFileSync(file, 'utf8'), values),
    'text/html; charset=utf-8',
  );
}

/** Sends the best encoding the browser accepts; HTML is revalidated on every visit. */
export function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  doc: CachedDocument,
  status = 200,
) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .status(status)
    .type(doc.type)
    .header('vary', 'accept-encoding')
    .header('cache-control', 'no-cache');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(doc.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(doc.gzip);
  return reply.send(doc.body);
}

export const resolveIn = (dir: string, relative: string) => path.join(dir, ...relative.split('/'));
