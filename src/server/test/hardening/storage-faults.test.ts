// Files in a bucket (issue 41, "Bad input and faults"): the routes work unchanged on S3, a
// failed upload leaves neither row nor object, the server refuses to start on a missing bucket
// with one line naming the setting (a refused key: the key), and with the bucket gone uploads
// answer 503 with Retry-After, /api/ready names the file store, cached thumbnails still show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketAttachments, tickets } from '../../db/schema.ts';
import { STORAGE_UNAVAILABLE } from '../../lib/errors.ts';
import { FILE_CSP } from '../../lib/safe-file.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { S3Storage } from '../../services/s3-storage.ts';
import { messageWithFiles, pngOf, windowsProgram, type UploadFile } from '../attachment-files.ts';
import { companyIdOf } from '../companies.ts';
import { runNode, SERVER_ENTRY } from '../node-process.ts';
import { startS3Server, type S3TestServer } from '../s3-server.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import type { TicketAttachment } from '../../../shared/schemas/ticket-attachments.ts';
import type { Ticket } from '../../../shared/schemas/tickets.ts';

const newTicket = {
  subject: 'Printer in the bucket',
  description: 'Screenshot attached.',
  priority: 'normal',
  category: 'Hardware',
  department: 'IT Support',
};
const note: UploadFile = { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') };

/** The real entry point with `env`: what it printed and how it exited. */
const startServer = (env: Record<string, string>) =>
  runNode(SERVER_ENTRY, { ...process.env, DATA_DIR: '.tmp/never-created', ...env });

describe('file storage in a bucket', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let cookie: string;
  let url: string;

  const send = async (files: UploadFile[]) => {
    const body = await messageWithFiles(newTicket, files);
    return t.app.inject({ method: 'POST', url, ...body, headers: { ...body.headers, cookie } });
  };
  const get = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { cookie } });
  const objects = async () => {
    const keys: string[] = [];
    for await (const { key } of t.app.storage.list()) keys.push(key);
    return keys.sort();
  };
  const rows = async () => ({
    tickets: (await t.app.db.select({ id: tickets.id }).from(tickets)).length,
    attachments: (await t.app.db.select({ id: ticketAttachments.id }).from(ticketAttachments))
      .length,
  });

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ storage: s3.config('files', 'app') });
    const acmeId = await companyIdOf(t.app, 'Acme Logistics');
    url = `/api/customers/${acmeId}/tickets`;
    cookie = await sessionCookieFor(t.app, DEMO_USERS.acme);
  });
  afterAll(async () => {
    await t.close();
    await s3.kill();
  });

  it('refuses to start on a missing bucket in one line naming the setting; names a refused key', async () => {
    const missing = await startServer(s3.env('no-such-bucket'));
    expect(missing.code).toBe(1);
    expect(missing.output.trim()).toBe(
      `File storage: STORAGE_URL: bucket "no-such-bucket" does not exist at ${s3.endpoint}`,
    );
    // The same check, the line the server would print for a key the store refuses.
    const wrongKey = { accessKeyId: 'WRONG', secretAccessKey: 'S3RVER' };
    const refused = new S3Storage({ ...s3.config(), credentials: wrongKey });
    await expect(refused.check()).rejects.toMatchObject({
      reason: expect.stringMatching(
        /^AWS_ACCESS_KEY_ID: \S+ refused the credentials for bucket "files" \(\w+\)$/,
      ),
    });
    refused.close();
  });

  let image: TicketAttachment;
  let text: TicketAttachment;
  let ticketUrl: string;

  it('stores a message with its files in the bucket and serves them under the safe-file headers', async () => {
    const res = await send([
      { name: 'screen.png', type: 'image/png', data: await pngOf(640, 480) },
      note,
    ]);
    expect(res.statusCode, res.body).toBe(201);
    ticketUrl = `${url}/${res.json<Ticket>().id}`;
    const files = (await get(`${ticketUrl}/attachments`)).json<TicketAttachment[]>();
    const [first, second] = files;
    if (!first || !second) throw new Error('two attachments expected');
    [image, text] = [first, second];
    // The file, the image's thumbnail and viewing size: three objects for the image.
    expect((await objects()).filter((k) => k.startsWith('tickets/'))).toHaveLength(4);

    const download = await get(`${ticketUrl}/attachments/${text.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('hello');
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.headers['content-security-policy']).toBe(FILE_CSP);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['cache-control']).toBe('private, no-store');
    const thumb = await get(`${ticketUrl}/attachments/${image.id}?variant=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const ready = await t.app.inject('/api/ready');
    expect(ready.json()).toMatchObject({ status: 'ready', storage: 's3' });
  });

  it('keeps neither row nor object of a message whose second file is refused', async () => {
    const before = { rows: await rows(), objects: await objects() };
    const res = await send([
      note,
      { name: 'setup.exe', type: 'application/x-msdownload', data: windowsProgram() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(await rows()).toEqual(before.rows);
    expect(await objects()).toEqual(before.objects);
  });

  it('with the bucket unreachable: uploads 503 with Retry-After, ready names storage, cached thumbnails show', async () => {
    const before = await rows();
    await s3.kill();

    const upload = await send([note]);
    expect(upload.statusCode).toBe(503);
    expect(upload.json()).toEqual({ message: STORAGE_UNAVAILABLE });
    expect(Number(upload.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rows()).toEqual(before);

    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: 'File storage unavailable' });

    const thumb = await get(`${ticketUrl}/attachments/${image.id}?variant=thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    // A file not kept in memory cannot be read: try again, not "gone".
    const file = await get(`${ticketUrl}/attachments/${text.id}`);
    expect(file.statusCode).toBe(503);
    expect(file.headers['retry-after']).toBeDefined();
  });
});
