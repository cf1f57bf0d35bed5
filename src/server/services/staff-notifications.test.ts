import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffNotifications, tickets, users } from '../db/schema.ts';
import type { Agreement } from '../../shared/schemas/agreements.ts';
import type { Quote } from '../../shared/schemas/quotes.ts';
import {
  staffNoticeText,
  type StaffNotifications,
} from '../../shared/schemas/staff-notifications.ts';
import { sessionCookieFor } from '../test/sign-in.ts';
import { useStaffTestApp } from '../test/staff-test-app.ts';

// The bell's notices name exactly one subject (ADR 075): a ticket's SLA clock, an agreement or
// a quote. The database refuses any other shape; the list, the count and mark-read serve all.
describe('staff notices of tickets, agreements and quotes (ADR 075)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let billingId = '';
  let billingCookie = '';
  let agreementId = '';
  let quoteId = '';
  let ticketId = '';

  beforeAll(async () => {
    const [billing] = await t.app.db
      .insert(users)
      .values({
        email: 'bell-billing@example.com',
        firstName: 'Bell',
        lastName: 'Billing',
        role: 'staff',
        staffRole: 'billing',
      })
      .returning({ id: users.id });
    billingId = billing!.id;
    billingCookie = await sessionCookieFor(t.app, 'bell-billing@example.com');
    const agreement = await t.request('POST', `/api/staff/customers/${ctx.acmeId}/agreements`, {
      name: 'Bell retainer',
      type: 'retainer',
      startsOn: '2026-01-01',
      hours: 10,
      rolloverMonths: 0,
      hourlyRate: 100,
      overageRate: 120,
      timeZone: 'UTC',
      services: [],
    });
    expect(agreement.statusCode, agreement.body).toBe(201);
    agreementId = agreement.json<Agreement>().id;
    const quote = await t.request('POST', `/api/staff/customers/${ctx.acmeId}/quotes`, {
      title: 'Bell quote',
      lines: [{ description: 'Work', quantity: 1, unitPrice: 10, taxRate: 0 }],
      discount: 0,
      terms: '',
      validUntil: '2099-12-31',
      projectName: '',
      createInvoice: false,
    });
    expect(quote.statusCode, quote.body).toBe(201);
    quoteId = quote.json<Quote>().id;
    const [ticket] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.customerId, ctx.acmeId))
      .limit(1);
    ticketId = ticket!.id;
  });

  const insert = (row: Partial<typeof staffNotifications.$inferInsert>) =>
    t.app.db.insert(staffNotifications).values({ userId: billingId, kind: 'warning', ...row });

  it('refuses a notice whose subject does not fit its kind', async () => {
    const sla = { ticketId, clock: 'resolution', dueAt: new Date() } as const;
    const bad: Partial<typeof staffNotifications.$inferInsert>[] = [
      { kind: 'warning' }, // no ticket
      { kind: 'breach', ...sla, agreementId }, // two subjects
      { kind: 'agreement-used-80' }, // no agreement
      { kind: 'agreement-renewal', agreementId, quoteId },
      { kind: 'agreement-used-100', agreementId, ...sla },
      { kind: 'quote-accepted', agreementId }, // the wrong subject
      { kind: 'quote-declined' },
      { kind: 'quote-accepted', quoteId, clock: 'resolution' },
    ];
    for (const row of bad) {
      await expect(insert(row), JSON.stringify(row)).rejects.toThrow();
    }
    expect(
      await t.app.db
        .select()
        .from(staffNotifications)
        .where(eq(staffNotifications.userId, billingId)),
    ).toEqual([]);
  });

  it('lists every kind with its text and company, counts and marks them read', async () => {
    await insert({ kind: 'breach', ticketId, clock: 'first-response', dueAt: new Date() });
    await insert({ kind: 'agreement-used-80', agreementId });
    await insert({ kind: 'agreement-renewal', agreementId });
    await insert({ kind: 'quote-declined', quoteId });
    const bell = async () =>
      (
        await t.request('GET', '/api/staff/notifications', undefined, billingCookie)
      ).json<StaffNotifications>();
    const before = await bell();
    expect(before.unread).toBe(4);
    expect(before.items.map((n) => [n.about, n.kind, n.customerId]).sort()).toEqual(
      [
        ['agreement', 'agreement-renewal', ctx.acmeId],
        ['agreement', 'agreement-used-80', ctx.acmeId],
        ['quote', 'quote-declined', ctx.acmeId],
        ['ticket', 'breach', ctx.acmeId],
      ].sort(),
    );
    expect(before.items.map(staffNoticeText).sort()).toEqual(
      [
        'Bell retainer: 80 % of the hours used',
        'Bell retainer: ends within 30 days, renewal due',
        `${ticketId}: First response target breached`,
        expect.stringMatching(/^Q-\d{8}-\w+ declined$/),
      ].sort(),
    );
    const quoteNotice = before.items.find((n) => n.about === 'quote')!;
    const read = await t.request(
      'POST',
      '/api/staff/notifications/read',
      { ids: [quoteNotice.id] },
      billingCookie,
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<StaffNotifications>().unread).toBe(3);
    const all = await t.request(
      'POST',
      '/api/staff/notifications/read',
      { all: true },
      billingCookie,
    );
    expect(all.json<StaffNotifications>().unread).toBe(0);
    expect((await bell()).items.every((n) => n.readAt !== null)).toBe(true);
  });
});
