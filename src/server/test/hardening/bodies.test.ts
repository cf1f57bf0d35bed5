import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.ts';
import { isUnstorableText } from '../../lib/errors.ts';
import { createCatalogedApp, rowCounts, tenants, type ApiRoute } from './api-catalog.ts';
import { callerCookies, ownUrl, problemsWithRefusal } from './request-context.ts';

const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** Payloads no route should accept; each must be a 4xx with a JSON message. */
const HOSTILE_BODIES: { name: string; contentType: string; payload: string }[] = [
  {
    name: 'oversized',
    contentType: 'application/json',
    payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
  },
  { name: 'malformed JSON', contentType: 'application/json', payload: '{"name": "a",' },
  { name: 'empty JSON', contentType: 'application/json', payload: '' },
  { name: 'JSON null', contentType: 'application/json', payload: 'null' },
  { name: 'JSON array', contentType: 'application/json', payload: '[1,2,3]' },
  { name: 'JSON string', contentType: 'application/json', payload: '"hello"' },
  {
    name: 'prototype pollution',
    contentType: 'application/json',
    payload: '{"__proto__": {"admin": true}}',
  },
  { name: 'deep nesting', contentType: 'application/json', payload: `{"a": ${deep(5_000)}}` },
  { name: 'very deep nesting', contentType: 'application/json', payload: deep(200_000) },
  { name: 'XML', contentType: 'application/xml', payload: '<a>1</a>' },
  { name: 'plain text', contentType: 'text/plain', payload: 'hello' },
  { name: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'x' },
  { name: 'unknown type', contentType: 'application/x-evil', payload: '\u0000\u0001' },
  { name: 'charset lie', contentType: 'application/json; charset=utf-16', payload: '{}' },
  // Valid JSON that PostgreSQL cannot store (text and jsonb refuse both).
  {
    name: 'a lone surrogate',
    contentType: 'application/json',
    payload: '{"name": "\\ud800", "message": "x\\uDFFF"}',
  },
  { name: 'a NUL character', contentType: 'application/json', payload: '{"name": "a\\u0000"}' },
];

describe('hostile request bodies on every route that reads one', () => {
  let t: Awaited<ReturnType<typeof createCatalogedApp>>;
  let withBody: ApiRoute[];
  let cookieFor: (r: ApiRoute) => string;
  let urlFor: (r: ApiRoute) => Promise<string>;
  beforeAll(async () => {
    t = await createCatalogedApp({ rateLimitScale: 1000 });
    const { a } = await tenants(t.app.db);
    cookieFor = await callerCookies(t.app, a);
    urlFor = (r) => ownUrl(r, a);
    withBody = t.routes.filter((r) => r.schema?.body !== undefined);
  });

  it('finds the routes that read a body', () => {
    expect(withBody.length).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  for (const hostile of HOSTILE_BODIES) {
    it(`refuses ${hostile.name} with a 4xx JSON message and stores nothing`, async () => {
      const before = await rowCounts(t.app.db);
      const failures: string[] = [];
      for (const route of withBody) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: await urlFor(route),
          headers: { cookie: cookieFor(route), 'content-type': hostile.contentType },
          payload: hostile.payload,
        });
        const problem =
          res.statusCode < 400 ? `accepted with ${res.statusCode}` : problemsWithRefusal(res);
        if (problem) failures.push(`${route.method} ${route.url}: ${problem}`);
      }
      expect(failures).toEqual([]);
      expect(await rowCounts(t.app.db)).toEqual(before);
    });
  }

  it('refuses an oversized body even where no body is expected', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large' });
  });
});

describe('text PostgreSQL cannot store', () => {
  let t: Awaited<ReturnType<typeof createCatalogedApp>>;
  beforeAll(async () => {
    t = await createCatalogedApp();
  });
  afterAll(() => t.close());

  it('refuses a lone surrogate with the same message, but stores an escaped emoji pair', async () => {
    const send = (message: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: `{"name": "Ana", "email": "ana@example.com", "message": "${message}"}`,
      });
    const refused = await send('hi \\ud83d');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Text contains characters that cannot be stored' });
    const stored = await send('hi \\ud83d\\ude00');
    expect(stored.statusCode).toBeLessThan(300);
    const rows = await t.app.db.select().from(contactMessages);
    expect(rows.some((r) => r.message === 'hi \u{1F600}')).toBe(true);
  });

  it('is a 400 with a message, and the transaction leaves nothing behind', async () => {
    // What the error handler relies on: the driver's error is recognised, the transaction rolled back.
    const before = await rowCounts(t.app.db);
    const err = await t.app.db
      .transaction(async (tx) => {
        await tx
          .insert(contactMessages)
          .values({ name: 'ok', email: 'a@b.example', message: 'fine' });
        await tx
          .insert(contactMessages)
          .values({ name: 'nul\u0000', email: 'a@b.example', message: 'x' });
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUnstorableText(err)).toBe(true);
    expect(await rowCounts(t.app.db)).toEqual(before);
  });
});

// Issue 13, item 14: bytes that are not UTF-8 are refused, never stored as U+FFFD.
describe('a JSON body that is not valid UTF-8', () => {
  let t: Awaited<ReturnType<typeof createCatalogedApp>>;
  beforeAll(async () => {
    t = await createCatalogedApp({ rateLimitScale: 1000 });
  });
  afterAll(() => t.close());

  const body = (bytes: number[]) =>
    Buffer.concat([
      Buffer.from('{"name": "Ana', 'utf8'),
      Buffer.from(bytes),
      Buffer.from('", "email": "ana@example.com", "message": "hello"}', 'utf8'),
    ]);

  for (const [name, bytes] of [
    ['a lone continuation byte', [0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a UTF-16 surrogate in UTF-8', [0xed, 0xa0, 0x80]],
    ['0xFF', [0xff]],
  ] as const) {
    it(`answers 400 for ${name} and stores nothing`, async () => {
      const before = await rowCounts(t.app.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: body([...bytes]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Request body is not valid UTF-8' });
      expect(await rowCounts(t.app.db)).toEqual(before);
    });
  }

  it('still stores real UTF-8, a byte-order mark included', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body([0xc3, 0xa9])]),
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.app.db.select().from(contactMessages);
    expect(rows.some((r) => r.name === 'Anaé')).toBe(true);
  });
});
