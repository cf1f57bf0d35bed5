// A fetch for the SSO client (openid-client's `customFetch`, review N10) that connects only where
// a webhook may: the address guard before the request and in the socket's own lookup, so a DNS
// answer that turned private after the issuer was saved is refused at connect time.
import http from 'node:http';
import https from 'node:https';
import type { CustomFetch, CustomFetchOptions } from 'openid-client';
import { checkWebhookUrl, guardedLookup, type WebhookPolicy } from './webhook-address.ts';

/** Provider answers (discovery, keys, tokens) are small; more is refused, not buffered. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

export function guardedFetch(allowPrivate: boolean): CustomFetch {
  // The scheme is the SSO settings' own rule (checkIssuerUrl); here only the addresses.
  const policy: WebhookPolicy = { allowPrivate, httpsOnly: false };
  return async (raw, options) => {
    try {
      return await send(raw, options, policy);
    } catch (err) {
      // As fetch does: a network failure (or a refused address) is a TypeError, which
      // openid-client and the SSO routes treat as "provider could not be reached".
      throw new TypeError('fetch failed', { cause: err });
    }
  };
}

async function send(raw: string, options: CustomFetchOptions, policy: WebhookPolicy) {
  // IP literals never reach `lookup`, so they are checked here, names again at connect.
  const url = await checkWebhookUrl(raw, policy);
  const body = await bodyBytes(options.body);
  return new Promise<Response>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: options.method,
      headers: options.headers,
      lookup: guardedLookup(policy) as never,
      signal: options.signal,
    });
    request.on('error', reject);
    request.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) {
          request.destroy(new Error('The provider answered with too large a body'));
        } else chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of [value ?? []].flat()) headers.append(name, v);
        }
        const status = res.statusCode ?? 502;
        resolve(
          new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), {
            status,
            headers,
          }),
        );
      });
    });
    request.end(body);
  });
}

async function bodyBytes(body: CustomFetchOptions['body']): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  return Buffer.from(await new Response(body).arrayBuffer());
}
