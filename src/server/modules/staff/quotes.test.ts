import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  customerUsers,
  domainEvents,
  invoiceLines,
  invoices,
  mailOutbox,
  notifications,
  projects,
  quoteRequests,
  quoteSignatures,
  quotes,
  users,
} from '../../db/schema.ts';
import type { Quote, QuoteInput } from '../../../shared/schemas/quotes.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { noticeText } from '../../services/notification-mail-templates.tsx';
import { pdfText } from '../../test/pdf-text.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { staffNoticesOf as staffNotices } from '../../test/staff-notices.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const pngChunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, sum]);
};
const ihdr = (width: number, height: number) => {
  const data = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 8, 6, 0, 0, 0]); // 8-bit RGBA
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  return pngChunk('IHDR', data);
};
/** A real 1×1 RGBA PNG: signature, IHDR, IDAT, IEND with their CRCs. */
function tinyPng(): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr(1, 1),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
/** The same file whose header claims 30,000 × 30,000 pixels (a decompression bomb's header). */
const bombPng = () => {
  const png = tinyPng();
  return Buffer.concat([png.subarray(0, 8), ihdr(30_000, 30_000), png.subarray(33)]);
};
/** The same file with one byte of its pixel data flipped: zlib's check fails on decoding. */
const brokenPng = () => {
  const png = tinyPng();
  png[png.length - 20] = png[png.length - 20]! ^ 0xff;
  return png;
};
const pngUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;

describe('quotes signed online (issue 40 item 4, ADR 072)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const call = t.request;
  let jordanId: string;
  let billingId: string;
  const cookies = {} as Record<
    'billing' | 'technical' | 'globex' | 'staffBilling' | 'agent',
    string
  >;

  const addAcmeUser = async (email: string, role: 'billing' | 'technical') => {
    const [u] = await t.app.db
      .insert(users)
      .values({ email, firstName: role, lastName: 'User' })
      .returning();
    await t.app.db.insert(customerUsers).values({ userId: u!.id, customerId: ctx.acmeId, role });
    return u!.id;
  };

  beforeAll(async () => {
    const [jordan] = await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.acme));
    jordanId = jordan!.id;
    billingId = await addAcmeUser('quotes-billing@acme-logistics.example', 'billing');
    await addAcmeUser('quotes-tech@acme-logistics.example', 'technical');
    cookies.billing = await sessionCookieFor(t.app, 'quotes-billing@acme-logistics.example');
    cookies.technical = await sessionCookieFor(t.app, 'quotes-tech@acme-logistics.example');
    cookies.globex = await sessionCookieFor(t.app, DEMO_USERS.globex);
    cookies.staffBilling = await sessionCookieFor(t.app, 'billing@example.com');
    cookies.agent = await sessionCookieFor(t.app, 'agent@example.com');
  });

  const future = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const input = (over: Partial<QuoteInput> = {}): QuoteInput => ({
    title: 'Office network refresh',
    lines: [
      { description: 'Switches, 24 port', quantity: 3, unitPrice: 410.5, taxRate: 20 },
      { description: 'Installation, hours', quantity: 7.5, unitPrice: 95, taxRate: 0 },
    ],
    discount: 5,
    terms: 'Half on acceptance, half on completion.',
    validUntil: future,
    projectName: 'Network refresh 2026',
    createInvoice: true,
    ...over,
  });

  const draft = async (over: Partial<QuoteInput> = {}, cookie = ctx.staffCookie) => {
    const res = await call(
      'POST',
      `/api/staff/customers/${ctx.acmeId}/quotes`,
      input(over),
      cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Quote>();
  };
  const sent = async (over: Partial<QuoteInput> = {}) => {
    const q = await draft(over);
    const res = await call('POST', `/api/staff/quotes/${q.id}/send`, { userId: jordanId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Quote>();
  };
  const portal = (q: { id: string }, rest = '') =>
    `/api/customers/${ctx.acmeId}/quotes/${q.id}${rest}`;
  const servedPdf = async (q: { id: string }, cookie = ctx.customerCookie) => {
    const res = await call('GET', portal(q, '/pdf'), undefined, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };
  const accept = (q: { id: string }, body: object, cookie = ctx.customerCookie) =>
    t.app.inject({
      method: 'POST',
      url: portal(q, '/accept'),
      payload: body,
      headers: { cookie, 'user-agent': 'QuoteTest/1.0 (phone)' },
      remoteAddress: '203.0.113.9',
    });
  const signed = (hash: string) => ({
    documentSha256: hash,
    typedName: 'Jordan Lee',
    signature: { kind: 'drawn', png: pngUrl(tinyPng()) },
  });

  const staffNoticesOf = (id: string) => staffNotices(t.app.db, { quoteId: id });
  /** Admin and billing staff, active: who keeps quotes and hears of their decisions. */
  const billingStaffEmails = async () =>
    (
      await t.app.db
        .select({ email: users.email })
        .from(users)
        .where(
          and(
            eq(users.role, 'staff'),
            eq(users.active, true),
            inArray(users.staffRole, ['admin', 'billing']),
          ),
        )
    ).map((u) => u.email);

  /** What a refused request must not have left. */
  const nothingRecorded = async (quoteId: string) => {
    expect(
      await t.app.db.select().from(quoteSignatures).where(eq(quoteSignatures.quoteId, quoteId)),
    ).toEqual([]);
    const [row] = await t.app.db.select().from(quotes).where(eq(quotes.id, quoteId));
    expect(row?.createdProjectId).toBeNull();
    expect(row?.createdInvoiceId).toBeNull();
    expect(
      await t.app.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityId, quoteId),
            inArray(auditLog.action, ['quote.accept', 'quote.decline']),
          ),
        ),
    ).toEqual([]);
    expect(await staffNoticesOf(quoteId)).toEqual([]);
  };

  it('totals a draft with the invoices’ rounding and keeps it from the customer', async () => {
    const q = await draft();
    // 3 × 410.50 = 1231.50 at 20 %, 7.5 × 95 = 712.50 at 0 %; 5 % off each rate, half up:
    // 61.58 + 35.63 = 97.21; tax 20 % of 1169.92 = 233.98; total 1944 − 97.21 + 233.98.
    expect(q).toMatchObject({
      status: 'draft',
      subtotal: 1944,
      discount: 97.21,
      tax: 233.98,
      amount: 2080.77,
    });
    expect(q.lines.map((l) => l.amount)).toEqual([1231.5, 712.5]);
    expect((await call('GET', portal(q), undefined, ctx.customerCookie)).statusCode).toBe(404);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, q.id));
    expect(audit.map((a) => a.action)).toEqual(['quote.create']);
  });

  it('sends: stores the PDF and its hash, mails the user, tells webhooks; then it is frozen', async () => {
    const q = await sent();
    expect(q.status).toBe('sent');
    expect(q.version).toBe(1);
    const pdf = await servedPdf(q);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(q.documentSha256).toBe(sha256(pdf));
    // Served byte for byte each time: the hash names one document.
    expect(sha256(await servedPdf(q))).toBe(q.documentSha256);
    expect(await pdfText(pdf)).toContain('Office network refresh');
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, DEMO_USERS.acme))
      .orderBy(mailOutbox.createdAt);
    expect(mail).toBeDefined();
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, DEMO_USERS.acme));
    expect(mails.some((m) => m.text.includes(`/portal/quotes/${q.id}?company=${ctx.acmeId}`))).toBe(
      true,
    );
    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, q.id));
    expect(events.map((e) => e.type)).toEqual(['quote.sent']);
    const edit = await call('PUT', `/api/staff/quotes/${q.id}`, input({ title: 'Changed' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({
      message: 'A sent quote cannot be edited: reopen it as a new version first',
    });
  });

  it('refuses to send to a user who may not sign or of another company', async () => {
    const q = await draft();
    const [tech] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'quotes-tech@acme-logistics.example'));
    const [sam] = await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.globex));
    for (const userId of [tech!.id, sam!.id]) {
      const res = await call('POST', `/api/staff/quotes/${q.id}/send`, { userId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/admin or billing user of its company/);
    }
    const [row] = await t.app.db.select().from(quotes).where(eq(quotes.id, q.id));
    expect(row?.state).toBe('draft');
  });

  it('accepts: evidence with the served PDF’s hash, the project and draft invoice, once', async () => {
    const q = await sent();
    const hash = sha256(await servedPdf(q));
    // A double submit: both at once, one accepts.
    const [a, b] = await Promise.all([accept(q, signed(hash)), accept(q, signed(hash))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const done = (a.statusCode === 200 ? a : b).json<Quote>();
    expect(done.status).toBe('accepted');
    expect(done.evidence).toMatchObject({
      userId: jordanId,
      typedName: 'Jordan Lee',
      ip: '203.0.113.9',
      userAgent: 'QuoteTest/1.0 (phone)',
      documentSha256: hash,
      signatureKind: 'drawn',
    });
    const [sig] = await t.app.db
      .select()
      .from(quoteSignatures)
      .where(eq(quoteSignatures.quoteId, q.id));
    // Kept as sharp wrote it again (nothing beside the pixels rides along): the same 1×1 image.
    const kept = await sharp(sig!.signaturePng!).metadata();
    expect([kept.format, kept.width, kept.height]).toEqual(['png', 1, 1]);

    const made = await t.app.db
      .select()
      .from(projects)
      .where(eq(projects.name, 'Network refresh 2026'));
    expect(made).toHaveLength(1);
    expect(done.createdProjectId).toBe(made[0]!.id);
    const [inv] = await t.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, done.createdInvoiceId!));
    expect(inv).toMatchObject({ state: 'draft', totalMinor: 208077, customerId: ctx.acmeId });
    const lines = await t.app.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, inv!.id));
    expect(lines.map((l) => l.projectId)).toEqual([made[0]!.id, made[0]!.id]);

    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, q.id));
    expect(events.map((e) => e.type).sort()).toEqual(['quote.accepted', 'quote.sent']);
    // The company's signers (admin, billing; not technical) hear of it, the invoices switch on.
    const notices = (
      await t.app.db.select().from(notifications).where(eq(notifications.type, 'quote.accepted'))
    ).filter((n) => (n.data as { quoteId?: string }).quoteId === q.id);
    expect(notices.map((n) => n.userId).sort()).toEqual([jordanId, billingId].sort());
    expect(noticeText('quote.accepted', notices[0]!.data as Record<string, unknown>)).toEqual({
      subject: `Quote ${q.number} accepted`,
      line: `Jordan Lee accepted and signed quote ${q.number}.`,
      path: `/portal/quotes/${q.id}`,
      action: 'View the quote',
    });

    // The staff who keep quotes find it in their bell once, double submit or not; agents never.
    const keepers = await billingStaffEmails();
    expect(keepers).toContain('billing@example.com');
    expect(keepers).not.toContain('agent@example.com');
    expect(await staffNoticesOf(q.id)).toEqual(keepers.map((e) => `${e} quote-accepted`).sort());
    const bell = await call('GET', '/api/staff/notifications', undefined, cookies.staffBilling);
    expect(bell.json().items).toContainEqual(
      expect.objectContaining({
        about: 'quote',
        kind: 'quote-accepted',
        quoteId: q.id,
        quoteNumber: q.number,
        quoteTitle: 'Office network refresh',
        customerId: ctx.acmeId,
        readAt: null,
      }),
    );

    // The signed copy carries the certificate page with the evidence.
    const signedPdf = await call('GET', portal(q, '/signed-pdf'), undefined, ctx.customerCookie);
    expect(signedPdf.statusCode).toBe(200);
    const text = await pdfText(signedPdf.rawPayload);
    for (const s of [
      'Certificate of acceptance',
      'Jordan Lee',
      '203.0.113.9',
      hash,
      'QuoteTest/1.0 (phone)',
    ])
      expect(text).toContain(s);
    // The document served is unchanged by the signing.
    expect(sha256(await servedPdf(q))).toBe(hash);
    // And decided: a third try and a decline are refused.
    expect((await accept(q, signed(hash))).json()).toEqual({
      message: 'This quote is no longer open',
    });
  });

  it('a changed quote cannot be accepted under the old hash', async () => {
    const q = await sent();
    const oldHash = sha256(await servedPdf(q));
    expect((await call('POST', `/api/staff/quotes/${q.id}/reopen`, {})).statusCode).toBe(400);
    expect(
      (await call('POST', `/api/staff/quotes/${q.id}/reopen`, { version: 1 })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/staff/quotes/${q.id}`, input({ discount: 10 }))).statusCode,
    ).toBe(200);
    const again = await call('POST', `/api/staff/quotes/${q.id}/send`, { userId: jordanId });
    expect(again.json<Quote>().version).toBe(2);
    // A screen still showing version 1 cannot reopen version 2.
    const stale = await call('POST', `/api/staff/quotes/${q.id}/reopen`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'Version 2 was sent since: reload the quote' });
    const res = await accept(q, signed(oldHash));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This quote has changed since you opened it. Please review it again.',
    });
    await nothingRecorded(q.id);
    const newHash = sha256(await servedPdf(q));
    expect(newHash).not.toBe(oldHash);
    expect((await accept(q, signed(newHash))).statusCode).toBe(200);
  });

  it('prints names, titles and lines outside Latin-1 as typed, in the embedded Noto faces', async () => {
    const name = 'Zoë Ångström 王秀英 Дмитрий';
    const title = 'Überprüfung — сеть 网络 Łódź';
    const line = 'Коммутатор 交换机, 24 ports (Ærøskøbing)';
    const q = await sent({
      title,
      lines: [{ description: line, quantity: 1, unitPrice: 100, taxRate: 0 }],
      projectName: '',
      createInvoice: false,
    });
    const sent_ = await servedPdf(q);
    const shown = await pdfText(sent_);
    expect(shown).toContain(title);
    expect(shown).toContain(line);
    const res = await accept(q, {
      documentSha256: sha256(sent_),
      typedName: name,
      signature: { kind: 'typed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const signedPdf = await call('GET', portal(q, '/signed-pdf'), undefined, ctx.customerCookie);
    const text = await pdfText(signedPdf.rawPayload);
    // The typed name twice: the evidence, and the signature drawn in the italic face.
    expect(text.split(name).length - 1).toBe(2);
    expect(text).toContain(title);
    // No standard (WinAnsi) font is left: every face is embedded with its ToUnicode map.
    const raw = signedPdf.rawPayload.toString('latin1');
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times)/);
    expect(raw).toMatch(/NotoSans-Italic/);
    expect(raw).toMatch(/NotoSansHans/);
  });

  it('refuses each bad acceptance with a clear 4xx and records nothing', async () => {
    const q = await sent({ projectName: '', createInvoice: false });
    const hash = sha256(await servedPdf(q));
    const refusals: [object, number, string][] = [
      [{ ...signed(hash), typedName: '  ' }, 400, 'Type your full name to sign'],
      [{ documentSha256: hash, signature: { kind: 'typed' } }, 400, 'Type your full name to sign'],
      [
        {
          ...signed(hash),
          signature: { kind: 'drawn', png: 'data:image/png;base64,R0lGODlhAQABAAAAACw=' },
        },
        400,
        'The signature must be a PNG image',
      ],
      [
        {
          ...signed(hash),
          signature: {
            kind: 'drawn',
            png: pngUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
          },
        },
        400,
        'The signature must be a PNG image',
      ],
      [
        {
          ...signed(hash),
          signature: { kind: 'drawn', png: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' },
        },
        400,
        'The signature must be a PNG image',
      ],
      [
        {
          ...signed(hash),
          signature: {
            kind: 'drawn',
            png: pngUrl(Buffer.concat([tinyPng(), Buffer.alloc(200_001)])),
          },
        },
        400,
        'The signature image is too large',
      ],
      [{ ...signed(hash), signature: { kind: 'drawn' } }, 400, 'The signature must be a PNG image'],
      // PNG by its first bytes, corrupt past them: the signed PDF could never draw it.
      [
        {
          ...signed(hash),
          signature: {
            kind: 'drawn',
            png: pngUrl(
              Buffer.concat([tinyPng().subarray(0, 8), Buffer.from('not a chunk at all')]),
            ),
          },
        },
        400,
        'The signature must be a PNG image',
      ],
      // Ninth outside attack: a corrupt RGBA image crashed the server inside pdfkit's decoder,
      // and a header claiming 900 million pixels was kept.
      [
        { ...signed(hash), signature: { kind: 'drawn', png: pngUrl(brokenPng()) } },
        400,
        'The signature must be a PNG image',
      ],
      [
        { ...signed(hash), signature: { kind: 'drawn', png: pngUrl(bombPng()) } },
        400,
        'The signature image is too large',
      ],
      [
        { ...signed(hash), typedName: '\u200b\u200b', signature: { kind: 'typed' } },
        400,
        'Type your full name to sign',
      ],
      [
        { ...signed(hash), signature: { kind: 'stamp' } },
        400,
        'Draw your signature or choose a typed one',
      ],
    ];
    for (const [body, status, message] of refusals) {
      const res = await accept(q, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // Roles and companies: technical may not read or sign; another company's user is refused.
    for (const cookie of [cookies.technical, cookies.globex]) {
      expect((await accept(q, signed(hash), cookie)).statusCode).toBe(403);
      expect((await call('GET', portal(q), undefined, cookie)).statusCode).toBe(403);
    }
    // Globex's user in their own company's scope: not found.
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${ctx.globexId}/quotes/${q.id}/accept`,
      payload: signed(hash),
      headers: { cookie: cookies.globex },
    });
    expect(other.statusCode).toBe(404);
    // Staff cannot sign for the customer.
    expect((await accept(q, signed(hash), ctx.staffCookie)).statusCode).toBe(403);
    await nothingRecorded(q.id);
    // The billing role may sign, with the typed name as the signature.
    const ok = await accept(
      q,
      { documentSha256: hash, typedName: 'Billing User', signature: { kind: 'typed' } },
      cookies.billing,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Quote>()).toMatchObject({ createdProjectId: null, createdInvoiceId: null });
    expect(ok.json<Quote>().evidence?.signatureKind).toBe('typed');
  });

  it('refuses an acceptance after the quote expired', async () => {
    const q = await sent();
    const hash = sha256(await servedPdf(q));
    // Valid until yesterday-but-one: past the end of that day everywhere on Earth.
    const past = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await t.app.db.update(quotes).set({ validUntil: past }).where(eq(quotes.id, q.id));
    const read = await call('GET', portal(q), undefined, ctx.customerCookie);
    expect(read.json<Quote>().status).toBe('expired');
    const res = await accept(q, signed(hash));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This quote has expired' });
    await nothingRecorded(q.id);
    const list = await call('GET', `/api/staff/customers/${ctx.acmeId}/quotes?q=${q.number}`);
    expect(list.json()[0].status).toBe('expired');
  });

  it('declines with a reason; tells webhooks and the staff bell; a reason is required', async () => {
    const q = await sent();
    // Sending tells no one's bell: the sender knows.
    expect(await staffNoticesOf(q.id)).toEqual([]);
    const empty = await call('POST', portal(q, '/decline'), { reason: ' ' }, ctx.customerCookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Say why you decline' });
    const res = await call(
      'POST',
      portal(q, '/decline'),
      { reason: 'Over budget this year' },
      cookies.billing,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Quote>()).toMatchObject({
      status: 'declined',
      declineReason: 'Over budget this year',
    });
    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, q.id));
    expect(events.map((e) => e.type).sort()).toEqual(['quote.declined', 'quote.sent']);
    expect(await staffNoticesOf(q.id)).toEqual(
      (await billingStaffEmails()).map((e) => `${e} quote-declined`).sort(),
    );
    expect(
      (await call('POST', portal(q, '/decline'), { reason: 'again' }, ctx.customerCookie))
        .statusCode,
    ).toBe(409);
  });

  it('staff roles: billing writes, agents read only; a lead becomes a draft quote', async () => {
    const q = await draft({}, cookies.staffBilling);
    expect(
      (await call('GET', `/api/staff/quotes/${q.id}`, undefined, cookies.agent)).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/staff/customers/${ctx.acmeId}/quotes`, input(), cookies.agent))
        .statusCode,
    ).toBe(403);
    const [lead] = await t.app.db
      .insert(quoteRequests)
      .values({
        name: 'Pat',
        email: 'pat@acme-logistics.example',
        service: 'Cloud migration',
        details: 'Move 40 mailboxes',
      })
      .returning();
    const res = await call('POST', `/api/staff/quotes/from-lead/${lead!.id}`, {
      customerId: ctx.acmeId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Quote>()).toMatchObject({
      title: 'Cloud migration',
      status: 'draft',
      projectName: 'Cloud migration',
    });
    expect(res.json<Quote>().lines[0]?.description).toBe('Move 40 mailboxes');
    const [after] = await t.app.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.id, lead!.id));
    expect(after?.status).toBe('in-progress');
    const staffPdf = await call('GET', `/api/staff/quotes/${q.id}/pdf`, undefined, cookies.agent);
    expect(staffPdf.statusCode).toBe(200);
  });

  it('refuses bad drafts with nothing written', async () => {
    const before = await t.app.db.select().from(quotes);
    const bad: [Partial<QuoteInput>, string][] = [
      [{ lines: [] }, 'A quote needs at least one line'],
      [{ title: '' }, 'Title is required'],
      [{ validUntil: '2026-02-30' }, 'Valid until must be YYYY-MM-DD'],
      [{ currency: 'EUR' }, "Currency must be USD, the company's currency"],
      [
        { lines: [{ description: 'x', quantity: 1, unitPrice: 1.001, taxRate: 0 }] },
        'Unit price must have at most 2 decimals in USD',
      ],
    ];
    for (const [over, message] of bad) {
      const res = await call('POST', `/api/staff/customers/${ctx.acmeId}/quotes`, input(over));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.app.db.select().from(quotes)).toHaveLength(before.length);
  });
});
