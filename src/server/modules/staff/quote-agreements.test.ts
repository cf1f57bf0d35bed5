import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agreementSlaTargets, agreements, auditLog, quotes, users } from '../../db/schema.ts';
import type { AgreementInput } from '../../../shared/schemas/agreements.ts';
import type { Quote, QuoteInput } from '../../../shared/schemas/quotes.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('a quote’s agreement, created on acceptance (ADR 073)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const call = t.request;
  let jordanId: string;
  beforeAll(async () => {
    const [jordan] = await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.acme));
    jordanId = jordan!.id;
  });

  const plan = (over: Partial<AgreementInput> = {}): AgreementInput => ({
    name: 'Managed network retainer',
    type: 'retainer',
    startsOn: '2030-01-01',
    endsOn: '2030-12-31',
    hours: 12.5,
    rolloverMonths: 2,
    rolloverCap: 5,
    hourlyRate: 110,
    overageRate: 140.25,
    timeZone: 'Europe/Berlin',
    services: ['help-desk-services'],
    slaTargets: [{ priority: 'high', firstResponseMinutes: 30, resolutionMinutes: 240 }],
    ...over,
  });
  const future = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const input = (over: Partial<QuoteInput> = {}): QuoteInput => ({
    title: 'Managed network',
    lines: [{ description: 'Onboarding', quantity: 1, unitPrice: 500, taxRate: 0 }],
    discount: 0,
    terms: '',
    validUntil: future,
    // As the dialog sends an empty box: the schema's own output.
    projectName: null,
    createInvoice: false,
    agreementPlan: plan(),
    ...over,
  });
  const draft = async (over: Partial<QuoteInput> = {}) => {
    const res = await call('POST', `/api/staff/customers/${ctx.acmeId}/quotes`, input(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Quote>();
  };
  const send = (q: { id: string }) =>
    call('POST', `/api/staff/quotes/${q.id}/send`, { userId: jordanId });
  const portal = (q: { id: string }, rest = '') =>
    `/api/customers/${ctx.acmeId}/quotes/${q.id}${rest}`;
  const accept = (q: { id: string }, documentSha256: string) =>
    call(
      'POST',
      portal(q, '/accept'),
      { documentSha256, typedName: 'Jordan Lee', signature: { kind: 'typed' } },
      ctx.customerCookie,
    );
  const served = async (q: { id: string }) =>
    (await call('GET', portal(q, '/pdf'), undefined, ctx.customerCookie)).rawPayload;
  const agreementsNamed = (name: string) =>
    t.app.db
      .select()
      .from(agreements)
      .where(and(eq(agreements.customerId, ctx.acmeId), eq(agreements.name, name)));

  it('draws the proposed terms in the signed PDF, shows them, and creates the agreement once on acceptance', async () => {
    const q = await draft();
    expect(q.agreementPlan).toMatchObject({ name: 'Managed network retainer', hours: 12.5 });
    expect((await send(q)).statusCode).toBe(200);
    const pdf = await served(q);
    const text = await pdfText(pdf);
    for (const s of [
      'Agreement on acceptance',
      'Retainer "Managed network retainer".',
      '12.5 hours included each calendar month. Unused hours roll over for 2 months, up to 5 hours.',
      'hours over what is included at USD 140.25 an hour',
      'Europe/Berlin',
      'High priority tickets: first response within 30 business minutes, resolution within 4 business hours.',
    ])
      expect(text).toContain(s);
    const read = await call('GET', portal(q), undefined, ctx.customerCookie);
    expect(read.json<Quote>().agreementPlan).toMatchObject({ rolloverCap: 5, overageRate: 140.25 });

    const hash = sha256(pdf);
    const [a, b] = await Promise.all([accept(q, hash), accept(q, hash)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const done = (a.statusCode === 200 ? a : b).json<Quote>();
    const made = await agreementsNamed('Managed network retainer');
    expect(made).toHaveLength(1);
    expect(done.createdAgreementId).toBe(made[0]!.id);
    expect(made[0]).toMatchObject({
      type: 'retainer',
      startsOn: '2030-01-01',
      endsOn: '2030-12-31',
      hoursCenti: 1250,
      rolloverMonths: 2,
      rolloverCapCenti: 500,
      overageRateMinor: 14025,
      timeZone: 'Europe/Berlin',
      status: 'active',
      updatedBy: jordanId,
    });
    expect(
      await t.app.db
        .select({ priority: agreementSlaTargets.priority })
        .from(agreementSlaTargets)
        .where(eq(agreementSlaTargets.agreementId, made[0]!.id)),
    ).toEqual([{ priority: 'high' }]);
    // In the signer's name, in the audit log.
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, made[0]!.id), eq(auditLog.action, 'agreement.create')));
    expect(audit).toMatchObject({ actorUserId: jordanId, customerId: ctx.acmeId });
  });

  it('refuses a plan the agreements’ schema refuses, with nothing written', async () => {
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(quotes);
    const bad: [Partial<AgreementInput>, string][] = [
      [{ hours: null }, 'Hours are required for a retainer or a prepaid block'],
      [{ endsOn: '2029-01-01' }, 'End date cannot be before the start date'],
      [{ timeZone: 'Mars/Olympus' }, 'time zone'],
      [
        { slaTargets: [{ priority: 'high', firstResponseMinutes: 90, resolutionMinutes: 30 }] },
        'A first response target cannot be longer than its resolution target',
      ],
    ];
    for (const [over, message] of bad) {
      const res = await call(
        'POST',
        `/api/staff/customers/${ctx.acmeId}/quotes`,
        input({ agreementPlan: plan(over) }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message.toLowerCase()).toContain(
        message.toLowerCase(),
      );
    }
    expect(await t.app.db.select({ n: sql<number>`count(*)::int` }).from(quotes)).toEqual(before);
  });

  it('refuses to send, and then to accept, a plan whose SLA dates another agreement holds', async () => {
    const year = { startsOn: '2031-01-01', endsOn: '2031-12-31' };
    const holding = await call('POST', `/api/staff/customers/${ctx.acmeId}/agreements`, {
      ...plan({ name: 'Holder', startsOn: '2031-06-01', endsOn: null }),
    });
    expect(holding.statusCode, holding.body).toBe(201);
    const holderId = holding.json<{ id: string }>().id;
    const q = await draft({ agreementPlan: plan({ name: 'Second retainer', ...year }) });
    const refused = await send(q);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain('The agreement "Holder"');
    // Sent while the dates were free, then taken again: acceptance is refused, nothing recorded.
    const setHolder = (status: 'active' | 'ended') =>
      t.app.db.update(agreements).set({ status }).where(eq(agreements.id, holderId));
    await setHolder('ended');
    expect((await send(q)).statusCode).toBe(200);
    await setHolder('active');
    const res = await accept(q, sha256(await served(q)));
    expect(res.statusCode, res.body).toBe(409);
    expect(await agreementsNamed('Second retainer')).toEqual([]);
    const [row] = await t.app.db.select().from(quotes).where(eq(quotes.id, q.id));
    expect(row).toMatchObject({ state: 'sent', createdAgreementId: null });
    await setHolder('ended');
  });

  it('creates no agreement for a quote that proposes none', async () => {
    const q = await draft({ agreementPlan: null, title: 'No agreement' });
    expect((await send(q)).statusCode).toBe(200);
    const pdf = await served(q);
    expect(await pdfText(pdf)).not.toContain('Agreement on acceptance');
    const res = await accept(q, sha256(pdf));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Quote>().createdAgreementId).toBeNull();
  });
});
