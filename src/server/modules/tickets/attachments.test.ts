import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerUsers,
  ticketAttachments,
  ticketReplies,
  tickets,
  users,
} from '../../db/schema.ts';
import { DEMO_STAFF_EMAIL, DEMO_USERS } from '../../seed/demo.ts';
import { FILE_CSP } from '../../lib/safe-file.ts';
import {
  jpegWithExif,
  messageWithFiles,
  pngBomb,
  pngOf,
  windowsProgram,
  type UploadFile,
} from '../../test/attachment-files.ts';
import { companyIdOf } from '../../test/companies.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  DAILY_UPLOADS_SPENT,
  MAX_ATTACHMENT_BYTES,
  MAX_UPLOAD_BYTES_PER_DAY,
  MESSAGE_FILES_TOO_LARGE,
  TOO_MANY_ATTACHMENTS,
  type TicketAttachment,
} from '../../../shared/schemas/ticket-attachments.ts';
import type { Ticket } from '../../../shared/schemas/tickets.ts';

const newTicket = {
  subject: 'Error on the label printer',
  description: 'Screenshot attached.',
  priority: 'normal',
  category: 'Hardware',
  department: 'IT Support',
};
const text = (name: string, body = 'hello'): UploadFile => ({
  name,
  type: 'text/plain',
  data: Buffer.from(body),
});

describe('ticket attachments', () => {
  let t: TestApp;
  let acmeId: string;
  let globexId: string;
  const cookies: Record<string, string> = {};

  const api = (customerId: string) => `/api/customers/${customerId}/tickets`;
  const send = async (url: string, cookie: string, data: unknown, files: UploadFile[]) => {
    const body = await messageWithFiles(data, files);
    return t.app.inject({ method: 'POST', url, ...body, headers: { ...body.headers, cookie } });
  };
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  /** Every stored file (blobs and their thumbnails) of tickets, on disk or in the bucket. */
  const storedFiles = async () => {
    let files = 0;
    for await (const { key } of t.app.storage.list()) if (key.startsWith('tickets/')) files++;
    return files;
  };
  const counts = async () => ({
    tickets: (await t.app.db.select({ id: tickets.id }).from(tickets)).length,
    replies: (await t.app.db.select({ id: ticketReplies.id }).from(ticketReplies)).length,
    attachments: (await t.app.db.select({ id: ticketAttachments.id }).from(ticketAttachments))
      .length,
    blobs: await storedFiles(),
  });
  /** A member of Acme with a role, signed in. */
  const memberOf = async (customerId: string, email: string, role: 'admin' | 'member') => {
    const [u] = await t.app.db
      .insert(users)
      .values({ email, firstName: role, lastName: 'Tester' })
      .returning({ id: users.id });
    await t.app.db.insert(customerUsers).values({ userId: u!.id, customerId, role });
    return sessionCookieFor(t.app, email);
  };

  beforeAll(async () => {
    t = await createTestApp({ rateLimitScale: 100 });
    acmeId = await companyIdOf(t.app, 'Acme Logistics');
    globexId = await companyIdOf(t.app, 'Globex Retail');
    cookies.jordan = await sessionCookieFor(t.app, DEMO_USERS.acme);
    cookies.globex = await sessionCookieFor(t.app, DEMO_USERS.globex);
    cookies.staff = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL);
    cookies.member = await memberOf(acmeId, 'member@attach.example', 'member');
    cookies.admin = await memberOf(acmeId, 'admin@attach.example', 'admin');
  });
  afterAll(() => t.close());

  let ticketId: string;
  let image: TicketAttachment;
  let textFile: TicketAttachment;

  it('creates a ticket with an image, a JPEG with EXIF and a text file, committed together', async () => {
    const res = await send(`${api(acmeId)}`, cookies.jordan!, newTicket, [
      { name: 'screen.png', type: 'image/png', data: await pngOf(640, 480) },
      { name: 'photo.jpg', type: 'image/jpeg', data: await jpegWithExif() },
      text('notes.txt'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    ticketId = res.json<Ticket>().id;
    const list = await get(`${api(acmeId)}/${ticketId}/attachments`, cookies.jordan);
    expect(list.statusCode).toBe(200);
    const files = list.json<TicketAttachment[]>();
    expect(files.map((f) => [f.name, f.contentType, f.image, f.replyId])).toEqual([
      ['screen.png', 'image/png', true, null],
      ['photo.jpg', 'image/jpeg', true, null],
      ['notes.txt', 'application/octet-stream', false, null],
    ]);
    expect([files[0]!.width, files[0]!.height]).toEqual([640, 480]);
    [image, , textFile] = files as [TicketAttachment, TicketAttachment, TicketAttachment];
  });

  it('serves a thumbnail inline, resized, as WebP without EXIF, under the safe-file headers', async () => {
    const files = (await get(`${api(acmeId)}/${ticketId}/attachments`, cookies.jordan)).json<
      TicketAttachment[]
    >();
    const photo = files[1]!;
    const original = await get(
      `${api(acmeId)}/${ticketId}/attachments/${photo.id}`,
      cookies.jordan,
    );
    expect((await sharp(original.rawPayload).metadata()).exif).toBeDefined();
    const thumb = await get(
      `${api(acmeId)}/${ticketId}/attachments/${photo.id}?variant=thumb`,
      cookies.jordan,
    );
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['content-disposition']).toMatch(/^inline/);
    expect(thumb.headers['content-security-policy']).toBe(FILE_CSP);
    expect(thumb.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width, meta.height)).toBe(320);
  });

  it('downloads other files as attachments of unknown type, never inline', async () => {
    const res = await get(`${api(acmeId)}/${ticketId}/attachments/${textFile.id}`, cookies.jordan);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hello');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    const thumb = await get(
      `${api(acmeId)}/${ticketId}/attachments/${textFile.id}?variant=view`,
      cookies.jordan,
    );
    expect(thumb.statusCode).toBe(404);
  });

  it('adds files to a customer reply and to an agent reply; each side reads both', async () => {
    const customer = await send(
      `${api(acmeId)}/${ticketId}/replies`,
      cookies.jordan!,
      { message: 'Another one' },
      [text('log.txt', 'log')],
    );
    expect(customer.statusCode, customer.body).toBe(201);
    const agent = await send(
      `/api/staff/tickets/${ticketId}/replies`,
      cookies.staff!,
      { message: 'Try this driver' },
      [{ name: 'fix.png', type: 'image/png', data: await pngOf(100, 80) }],
    );
    expect(agent.statusCode, agent.body).toBe(201);
    const agentReplyId = agent.json<{ id: string }>().id;
    const customerView = (await get(`${api(acmeId)}/${ticketId}/attachments`, cookies.jordan)).json<
      TicketAttachment[]
    >();
    const fix = customerView.find((f) => f.name === 'fix.png')!;
    expect(fix.replyId).toBe(agentReplyId);
    expect(customerView.find((f) => f.name === 'log.txt')!.replyId).not.toBeNull();
    const staffView = await get(`/api/staff/tickets/${ticketId}/attachments`, cookies.staff);
    expect(staffView.json<TicketAttachment[]>()).toHaveLength(5);
    const staffFile = await get(
      `/api/staff/tickets/${ticketId}/attachments/${fix.id}?variant=view`,
      cookies.staff,
    );
    expect(staffFile.headers['content-type']).toBe('image/webp');
  });

  it('lets only those who see the ticket see its files', async () => {
    const url = `${api(acmeId)}/${ticketId}/attachments/${image.id}`;
    expect((await get(url)).statusCode).toBe(401);
    // Another company's user: 403 through Acme's scope, 404 through their own.
    expect((await get(url, cookies.globex)).statusCode).toBe(403);
    const viaGlobex = await get(
      `${api(globexId)}/${ticketId}/attachments/${image.id}`,
      cookies.globex,
    );
    expect(viaGlobex.statusCode).toBe(404);
    expect(viaGlobex.json()).toEqual({ message: 'Attachment not found' });
    expect((await get(`${api(globexId)}/${ticketId}/attachments`, cookies.globex)).statusCode).toBe(
      404,
    );
    // A plain member sees only their own tickets; an admin sees every one.
    expect((await get(url, cookies.member)).statusCode).toBe(404);
    expect((await get(url, cookies.admin)).statusCode).toBe(200);
    // An attachment of one ticket is not found through another ticket of the same company.
    const [other] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.customerId, acmeId));
    const elsewhere = other!.id === ticketId ? 'TK-1' : other!.id;
    expect(
      (await get(`${api(acmeId)}/${elsewhere}/attachments/${image.id}`, cookies.admin)).statusCode,
    ).toBe(404);
  });

  it("keeps a private ticket's files from a colleague and shows them to an admin", async () => {
    const res = await send(`${api(acmeId)}`, cookies.jordan!, { ...newTicket, private: true }, [
      text('salary.txt'),
    ]);
    expect(res.statusCode).toBe(201);
    const id = res.json<Ticket>().id;
    const [file] = (await get(`${api(acmeId)}/${id}/attachments`, cookies.jordan)).json<
      TicketAttachment[]
    >();
    const url = `${api(acmeId)}/${id}/attachments/${file!.id}`;
    expect((await get(url, cookies.member)).statusCode).toBe(404);
    expect((await get(url, cookies.admin)).statusCode).toBe(200);
    expect((await get(url, cookies.staff)).statusCode).toBe(403);
    expect(
      (await get(`/api/staff/tickets/${id}/attachments/${file!.id}`, cookies.staff)).statusCode,
    ).toBe(200);
    // Customers cannot use the staff door.
    expect(
      (await get(`/api/staff/tickets/${id}/attachments/${file!.id}`, cookies.jordan)).statusCode,
    ).toBe(403);
  });

  // Review N11: U+202E would make `invoice\u202efdp.js` read as `invoicesj.pdf` on the list.
  it('stores and lists a file name without its right-to-left override or other format characters', async () => {
    const res = await send(
      `${api(acmeId)}/${ticketId}/replies`,
      cookies.jordan!,
      { message: 'The invoice' },
      [text('invoice\u202efdp.zip'), text('\u200bnotes\u2066.txt')],
    );
    expect(res.statusCode, res.body).toBe(201);
    const lists = [
      await get(`${api(acmeId)}/${ticketId}/attachments`, cookies.jordan),
      await get(`/api/staff/tickets/${ticketId}/attachments`, cookies.staff),
    ];
    for (const list of lists) {
      const names = list.json<TicketAttachment[]>().map((f) => f.name);
      expect(names.slice(-2)).toEqual(['invoicefdp.zip', 'notes.txt']);
    }
    const rows = await t.app.db
      .select({ name: ticketAttachments.name })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticketId));
    expect(rows.filter((r) => /\p{Cf}/u.test(r.name))).toEqual([]);
  });

  describe('refuses bad input with a clear 4xx and stores nothing', () => {
    const refused = async (
      files: UploadFile[],
      status: number,
      message: string | RegExp,
      url = () => `${api(acmeId)}`,
      data: unknown = newTicket,
      cookie = cookies.jordan!,
    ) => {
      const before = await counts();
      const res = await send(url(), cookie, data, files);
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json<{ message: string }>();
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
      expect(await counts()).toEqual(before);
    };

    it('an 11th file', () =>
      refused(
        Array.from({ length: 11 }, (_, i) => text(`f${i}.txt`)),
        400,
        TOO_MANY_ATTACHMENTS,
      ));

    it('a file of 25 MB + 1 byte (after good files were stored)', async () => {
      const big = Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 7);
      await refused(
        [text('ok.txt'), { name: 'big.bin', type: 'application/octet-stream', data: big }],
        413,
        '"big.bin" is larger than 25 MB',
      );
    });

    // Fourth outside attack (issue 35): ten 24 MB files a message filled the disk.
    it('files over 50 MB in all in one message', () =>
      refused(
        Array.from({ length: 3 }, (_, i) => ({
          name: `part${i}.bin`,
          type: 'application/octet-stream',
          data: Buffer.alloc(20 * 1024 * 1024, 7),
        })),
        413,
        MESSAGE_FILES_TOO_LARGE,
      ));

    it('a file from a user who attached 1 GB in the last 24 hours', async () => {
      const [jordan] = await t.app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, DEMO_USERS.acme));
      const [ticket] = await t.app.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.customerId, acmeId))
        .limit(1);
      const [earlier] = await t.app.db
        .insert(ticketAttachments)
        .values({
          ticketId: ticket!.id,
          name: 'earlier.bin',
          contentType: 'application/octet-stream',
          size: MAX_UPLOAD_BYTES_PER_DAY,
          storageKey: 'nowhere',
          uploadedByUserId: jordan!.id,
        })
        .returning({ id: ticketAttachments.id });
      try {
        await refused([text('one-more.txt')], 429, DAILY_UPLOADS_SPENT);
      } finally {
        await t.app.db.delete(ticketAttachments).where(eq(ticketAttachments.id, earlier!.id));
      }
    });

    it('accepts exactly 25 MB', async () => {
      const res = await send(`${api(acmeId)}`, cookies.jordan!, newTicket, [
        {
          name: 'max.bin',
          type: 'application/octet-stream',
          data: Buffer.alloc(MAX_ATTACHMENT_BYTES, 7),
        },
      ]);
      expect(res.statusCode, res.body).toBe(201);
    });

    it('an executable renamed .png', () =>
      refused(
        [{ name: 'invoice.png', type: 'image/png', data: windowsProgram() }],
        400,
        '"invoice.png" is a program and cannot be attached',
      ));

    it('an executable under any name', () =>
      refused(
        [{ name: 'tool.dat', type: 'application/octet-stream', data: windowsProgram() }],
        400,
        '"tool.dat" is a program and cannot be attached',
      ));

    // Outside attack (2026-11-29): scripts are text, so only their names tell; Windows runs
    // them on a double click. A trailing dot is what Windows drops when it saves the file.
    it.each([
      'run.hta',
      'Invoice.PDF.vbs',
      'setup.ps1',
      'fix.bat',
      'open.js',
      'run.hta.',
      'a.iso',
      'b.appref-ms',
    ])('a script named %s', (name) =>
      refused(
        [text(name, 'MsgBox "hi"')],
        400,
        `"${name.replace(/\.$/, '')}" is a program and cannot be attached`,
      ),
    );

    it('text named .png', () =>
      refused(
        [text('shot.png', 'not an image')],
        400,
        '"shot.png" is not the kind of file its name says',
      ));

    it('an image bomb (a small PNG declaring 50,000 x 50,000 pixels), refused from its header', async () => {
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(2000);
      const started = process.memoryUsage().rss;
      await refused(
        [{ name: 'bomb.png', type: 'image/png', data: bomb }],
        400,
        '"bomb.png" is too large an image (at most 64 megapixels)',
      );
      // Decoding it would take 2.5 GB; reading its header takes nothing.
      expect(process.memoryUsage().rss - started).toBeLessThan(200 * 1024 * 1024);
    });

    it('a reply with files to a closed ticket (the files are removed again)', async () => {
      const [closed] = await t.app.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(eq(tickets.customerId, acmeId))
        .limit(1);
      await t.app.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.id, closed!.id));
      await refused(
        [text('late.txt'), { name: 'late.png', type: 'image/png', data: await pngOf(50, 50) }],
        409,
        'This ticket is closed. Please open a new ticket.',
        () => `${api(acmeId)}/${closed!.id}/replies`,
        { message: 'One more thing' },
      );
    });

    it('a new ticket failing its own validation', () =>
      refused([text('a.txt')], 400, 'Subject is required', undefined, {
        ...newTicket,
        subject: '',
      }));

    it('files sent before the message', async () => {
      const form = new FormData();
      form.append('files', new Blob(['x']), 'a.txt');
      form.append('data', JSON.stringify(newTicket));
      const encoded = new Response(form);
      const res = await t.app.inject({
        method: 'POST',
        url: `${api(acmeId)}`,
        payload: Buffer.from(await encoded.arrayBuffer()),
        headers: { 'content-type': encoded.headers.get('content-type')!, cookie: cookies.jordan! },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Send the message before its files' });
    });

    it('a reply with files to a ticket the member may not see', () =>
      refused(
        [text('x.txt')],
        404,
        'Ticket not found',
        () => `${api(acmeId)}/${ticketId}/replies`,
        { message: 'hi' },
        cookies.member,
      ));
  });
});

// Review N12: ten 64 MP images cost 17 s of server time per message; each user has a budget
// of image pixels decoded per minute (three 640 x 480 images here).
describe('image pixels per user and minute', () => {
  let t: TestApp;
  let acmeId: string;
  const url = () => `/api/customers/${acmeId}/tickets`;
  const send = async (cookie: string, files: UploadFile[]) => {
    const body = await messageWithFiles(newTicket, files);
    return t.app.inject({
      method: 'POST',
      url: url(),
      ...body,
      headers: { ...body.headers, cookie },
    });
  };
  const stored = async () =>
    (await t.app.db.select({ id: ticketAttachments.id }).from(ticketAttachments)).length;
  let png: Buffer;
  const image = (name: string): UploadFile => ({ name, type: 'image/png', data: png });

  beforeAll(async () => {
    t = await createTestApp({ rateLimitScale: 100, imagePixelsPerMinute: 3 * 640 * 480 });
    png = await pngOf(640, 480);
    acmeId = await companyIdOf(t.app, 'Acme Logistics');
  });
  afterAll(() => t.close());

  it('refuses the image past the budget with a 429, keeps nothing of that message, and lets others send', async () => {
    const jordan = await sessionCookieFor(t.app, DEMO_USERS.acme);
    expect((await send(jordan, [image('a.png'), image('b.png')])).statusCode).toBe(201);
    const before = await stored();
    const over = await send(jordan, [text('notes.txt'), image('c.png'), image('d.png')]);
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(
      /^You sent many large images in the last minute\. Please wait \d+ seconds and try again\.$/,
    );
    expect(await stored()).toBe(before);
    // Files that are no images cost nothing; another user has a budget of their own.
    expect((await send(jordan, [text('log.txt')])).statusCode).toBe(201);
    const [colleague] = await t.app.db
      .insert(users)
      .values({ email: 'images@attach.example', firstName: 'Casey', lastName: 'Tester' })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: colleague!.id, customerId: acmeId, role: 'admin' });
    const casey = await sessionCookieFor(t.app, 'images@attach.example');
    expect((await send(casey, [image('e.png'), image('f.png'), image('g.png')])).statusCode).toBe(
      201,
    );
  });
});
