import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { agreementSlaTargets, agreements, auditLog, ticketSlas } from '../../db/schema.ts';
import type { Agreement, AgreementInput } from '../../../shared/schemas/agreements.ts';
import type { CompanySlaTarget } from '../../../shared/schemas/sla.ts';
import { readCompanySlaTargets } from '../../services/helpdesk/sla.ts';
import { createTicket } from '../../services/helpdesk/tickets.ts';
import { badOwnTargets } from '../../test/sla-target-cases.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

describe('the SLA targets an agreement sets (ADR 073)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const call = t.request;
  // Each test starts with no active agreement setting targets: they would overlap the next's.
  afterEach(async () => {
    await t.app.db
      .update(agreements)
      .set({ status: 'ended' })
      .where(eq(agreements.customerId, ctx.acmeId));
  });

  const fast = [{ priority: 'high', firstResponseMinutes: 15, resolutionMinutes: 90 }] as const;
  const terms = (over: Partial<AgreementInput> = {}): AgreementInput => ({
    name: 'Premium support',
    type: 'time-and-materials',
    startsOn: '2020-01-01',
    hourlyRate: 120,
    overageRate: 120,
    timeZone: 'UTC',
    slaTargets: [...fast],
    ...over,
  });
  const post = (over: Partial<AgreementInput> = {}) =>
    call('POST', `/api/staff/customers/${ctx.acmeId}/agreements`, terms(over));
  const create = async (over: Partial<AgreementInput> = {}) => {
    const res = await post(over);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Agreement>();
  };

  /** A ticket opened now through the command every door uses; its clock's minutes. */
  const clockOfNewTicket = async (priority: 'high' | 'normal' = 'high') => {
    const ticketId = await t.app.db.transaction((tx) =>
      createTicket(tx, {
        customerId: ctx.acmeId,
        author: { id: ctx.staffId, name: 'Morgan Hayes', email: 'support@example.com' },
        channel: 'portal',
        input: {
          subject: 'Agreement SLA probe',
          description: 'Server down',
          priority,
          category: 'Hardware',
          department: 'IT Support',
          private: false,
        },
      }),
    );
    const [clock] = await t.app.db
      .select({
        firstResponseMinutes: ticketSlas.firstResponseMinutes,
        resolutionMinutes: ticketSlas.resolutionMinutes,
      })
      .from(ticketSlas)
      .where(eq(ticketSlas.ticketId, ticketId));
    return clock;
  };
  const deskHigh = { firstResponseMinutes: 60, resolutionMinutes: 480 };

  it('gives a new ticket the targets of the active agreement covering its day, named on the company card', async () => {
    const made = await create();
    expect(made.slaTargets).toEqual(fast);
    expect(await clockOfNewTicket('high')).toEqual({
      firstResponseMinutes: 15,
      resolutionMinutes: 90,
    });
    // A priority the agreement leaves out keeps the help desk's.
    expect(await clockOfNewTicket('normal')).toEqual({
      firstResponseMinutes: 240,
      resolutionMinutes: 1440,
    });
    const card = await call('GET', `/api/staff/customers/${ctx.acmeId}/sla-targets`);
    expect(card.json<CompanySlaTarget[]>()[0]).toEqual({
      priority: 'high',
      firstResponseMinutes: 15,
      resolutionMinutes: 90,
      source: 'agreement',
      agreementName: 'Premium support',
      own: null,
    });
    const [audit] = await t.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, made.id), eq(auditLog.action, 'agreement.create')));
    expect(audit?.details).toMatchObject({ slaTargets: fast });
  });

  it('puts an agreement over the company’s own targets, which stay and apply again after it ends', async () => {
    const url = `/api/staff/customers/${ctx.acmeId}/sla-targets`;
    const own = { priority: 'high', firstResponseMinutes: 30, resolutionMinutes: 120 };
    expect((await call('PUT', url, [own])).statusCode).toBe(200);
    const made = await create();
    expect(await clockOfNewTicket()).toEqual({ firstResponseMinutes: 15, resolutionMinutes: 90 });
    expect((await call('GET', url)).json<CompanySlaTarget[]>()[0]).toMatchObject({
      source: 'agreement',
      own: { firstResponseMinutes: 30, resolutionMinutes: 120 },
    });
    const ended = await call('PATCH', `/api/staff/agreements/${made.id}`, { status: 'ended' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await clockOfNewTicket()).toEqual({ firstResponseMinutes: 30, resolutionMinutes: 120 });
    expect((await call('DELETE', url)).statusCode).toBe(200);
  });

  it('applies no agreement that has ended, ended by its dates or has not started', async () => {
    const ended = await create();
    await call('PATCH', `/api/staff/agreements/${ended.id}`, { status: 'ended' });
    await create({ name: 'Last year', startsOn: '2020-01-01', endsOn: '2020-12-31' });
    await create({ name: 'Next year', startsOn: '2099-01-01' });
    // An agreement with no targets leaves the company's in force.
    await create({ name: 'Plain T&M', startsOn: '2021-01-01', slaTargets: [] });
    expect(await clockOfNewTicket()).toEqual(deskHigh);
  });

  it('reads the opening day in the agreement’s own zone', async () => {
    await create({ name: 'Auckland', startsOn: '2030-01-01', timeZone: 'Pacific/Auckland' });
    // 12:00 UTC on 31 December is already 1 January (01:00) in Auckland.
    const opened = new Date('2029-12-31T12:00:00Z');
    const high = (await readCompanySlaTargets(t.app.db, ctx.acmeId, opened))[0];
    expect(high).toMatchObject({ source: 'agreement', firstResponseMinutes: 15 });
    const before = new Date('2029-12-31T10:00:00Z'); // 23:00 on 31 December there
    expect((await readCompanySlaTargets(t.app.db, ctx.acmeId, before))[0]).toMatchObject({
      source: 'default',
    });
  });

  it('refuses a second agreement whose targets would cover the same days (409, nothing written)', async () => {
    const first = await create({ startsOn: '2026-01-01', endsOn: '2026-06-30' });
    const count = async () =>
      (
        await t.app.db
          .select({ n: sql<number>`count(*)::int` })
          .from(agreements)
          .where(eq(agreements.customerId, ctx.acmeId))
      )[0]!.n;
    const before = await count();
    const overlapping = await post({ name: 'Second', startsOn: '2026-06-30', endsOn: null });
    expect(overlapping.statusCode, overlapping.body).toBe(409);
    expect(overlapping.json<{ message: string }>().message).toContain(
      'The agreement "Premium support"',
    );
    expect(await count()).toBe(before);
    // Without targets it may overlap; after the first's last day it may set its own.
    await create({ name: 'Hours only', startsOn: '2026-03-01', slaTargets: [] });
    const later = await create({ name: 'Renewal', startsOn: '2026-07-01' });
    // Nor may an edit give targets to dates another's cover, or move into them.
    const moved = await call(
      'PUT',
      `/api/staff/agreements/${later.id}`,
      terms({ name: 'Renewal', startsOn: '2026-05-01' }),
    );
    expect(moved.statusCode, moved.body).toBe(409);
    expect(
      await t.app.db
        .select({ startsOn: agreements.startsOn })
        .from(agreements)
        .where(eq(agreements.id, later.id)),
    ).toEqual([{ startsOn: '2026-07-01' }]);
    // Its own edit is no overlap with itself.
    const kept = await call(
      'PUT',
      `/api/staff/agreements/${first.id}`,
      terms({ startsOn: '2026-01-01', endsOn: '2026-06-30', slaTargets: [] }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('of two overlapping agreements saved at once, keeps one', async () => {
    const [a, b] = await Promise.all([
      post({ name: 'Racer A' }),
      post({ name: 'Racer B', startsOn: '2021-01-01' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('refuses bad targets with a 400 and writes nothing', async () => {
    const bad: [unknown, string][] = [...badOwnTargets, ['fast', 'SLA targets must be a list']];
    const agreementsBefore = await t.app.db.select({ id: agreements.id }).from(agreements);
    for (const [slaTargets, message] of bad) {
      const res = await call('POST', `/api/staff/customers/${ctx.acmeId}/agreements`, {
        ...terms(),
        slaTargets,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect(await t.app.db.select({ id: agreements.id }).from(agreements)).toHaveLength(
      agreementsBefore.length,
    );
    const existing = await create({ slaTargets: [] });
    const res = await call('PUT', `/api/staff/agreements/${existing.id}`, {
      ...terms(),
      slaTargets: [{ priority: 'high', firstResponseMinutes: 99, resolutionMinutes: 9 }],
    });
    expect(res.statusCode).toBe(400);
    expect(
      await t.app.db
        .select()
        .from(agreementSlaTargets)
        .where(eq(agreementSlaTargets.agreementId, existing.id)),
    ).toEqual([]);
  });

  it('lists a company’s agreements in pages, active first, then newest', async () => {
    const old = await create({ name: 'Paged old', slaTargets: [] });
    await call('PATCH', `/api/staff/agreements/${old.id}`, { status: 'ended' });
    const a = await create({ name: 'Paged A', slaTargets: [] });
    const b = await create({ name: 'Paged B', slaTargets: [] });
    const url = `/api/staff/customers/${ctx.acmeId}/agreements?q=Paged&limit=2`;
    const first = await call('GET', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json<Agreement[]>().map((r) => r.id)).toEqual([b.id, a.id]);
    expect(first.json<Agreement[]>()[0]?.period).toBeDefined();
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await call('GET', next!);
    expect(second.json<Agreement[]>().map((r) => r.id)).toEqual([old.id]);
    expect(second.headers.link).toBeUndefined();
    const active = await call(
      'GET',
      `/api/staff/customers/${ctx.acmeId}/agreements?q=Paged&status=active`,
    );
    expect(active.json<Agreement[]>().map((r) => r.id)).toEqual([b.id, a.id]);
    const badStatus = await call('GET', `/api/staff/customers/${ctx.acmeId}/agreements?status=x`);
    expect(badStatus.statusCode).toBe(400);
  });
});
