import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import {
  agreementAlerts,
  agreements,
  auditLog,
  customerUsers,
  domainEvents,
  mailOutbox,
  notifications,
  tickets,
  timeEntries,
  users,
} from '../../db/schema.ts';
import {
  AGREEMENT_MESSAGES,
  type Agreement,
  type AgreementInput,
  type PortalAgreementHours,
} from '../../../shared/schemas/agreements.ts';
import { DEMO_STAFF_EMAIL, DEMO_USERS } from '../../seed/demo.ts';
import type { Actor } from '../../services/actor.ts';
import { logTime } from '../../services/time-entries.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { staffNoticesOf as staffNotices } from '../../test/staff-notices.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe('agreements and their hours (issue 40, ADR 071)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const call = t.request;
  /** Cookies of an Acme user per company role (the seeded one is admin). */
  const cookies: Record<'admin' | 'billing' | 'technical' | 'member', string> = {
    admin: '',
    billing: '',
    technical: '',
    member: '',
  };
  let billingStaff = '';
  let agentStaff = '';

  beforeAll(async () => {
    for (const role of ['billing', 'technical', 'member'] as const) {
      const email = `${role}@acme-agreements.example`;
      const [user] = await t.app.db
        .insert(users)
        .values({ email, firstName: role, lastName: 'User' })
        .returning();
      await t.app.db
        .insert(customerUsers)
        .values({ userId: user!.id, customerId: ctx.acmeId, role });
      cookies[role] = await sessionCookieFor(t.app, email);
    }
    cookies.admin = ctx.customerCookie;
    billingStaff = await sessionCookieFor(t.app, 'billing@example.com');
    agentStaff = await sessionCookieFor(t.app, 'agent@example.com');
  });

  const terms = (over: Partial<AgreementInput> = {}): AgreementInput => ({
    name: 'Help desk retainer',
    type: 'retainer',
    startsOn: '2026-01-01',
    hours: 10,
    rolloverMonths: 0,
    hourlyRate: 120,
    overageRate: 150.5,
    timeZone: 'UTC',
    services: ['help-desk-services'],
    ...over,
  });

  const create = async (over: Partial<AgreementInput> = {}, customerId = ctx.acmeId) => {
    const res = await call('POST', `/api/staff/customers/${customerId}/agreements`, terms(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Agreement>();
  };

  const log = (
    agreementId: string | null,
    hours: number,
    workDate = '2026-03-10',
    cookie?: string,
  ) =>
    call(
      'POST',
      `/api/staff/customers/${ctx.acmeId}/time-entries`,
      { workDate, hours, agreementId },
      cookie,
    );

  const alertsOf = (id: string) =>
    t.app.db
      .select({ kind: agreementAlerts.kind, periodStart: agreementAlerts.periodStart })
      .from(agreementAlerts)
      .where(eq(agreementAlerts.agreementId, id))
      .orderBy(agreementAlerts.periodStart, agreementAlerts.kind);

  const lowBalanceEvents = (id: string) =>
    t.app.db
      .select({ data: domainEvents.data })
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, id), eq(domainEvents.type, 'agreement.low_balance')));

  const staffNoticesOf = (id: string) => staffNotices(t.app.db, { agreementId: id });

  it('creates, lists, changes and ends an agreement, each write audited', async () => {
    const made = await create();
    expect(made).toMatchObject({
      status: 'active',
      hours: 10,
      currency: 'USD',
      hourlyRate: 120,
      overageRate: 150.5,
      services: ['help-desk-services'],
    });
    const [row] = await t.app.db.select().from(agreements).where(eq(agreements.id, made.id));
    expect(row).toMatchObject({
      hoursCenti: 1000,
      hourlyRateMinor: 12000,
      overageRateMinor: 15050,
    });

    const changed = await call('PUT', `/api/staff/agreements/${made.id}`, terms({ hours: 12.5 }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Agreement>().hours).toBe(12.5);

    const ended = await call('PATCH', `/api/staff/agreements/${made.id}`, { status: 'ended' });
    expect(ended.json<Agreement>().status).toBe('ended');
    const again = await call('PATCH', `/api/staff/agreements/${made.id}`, { status: 'ended' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: AGREEMENT_MESSAGES.alreadyEnded });

    const listed = await call('GET', `/api/staff/customers/${ctx.acmeId}/agreements`);
    expect(listed.json<Agreement[]>().map((a) => a.id)).toContain(made.id);
    const audited = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, made.id))
      .orderBy(auditLog.createdAt);
    expect(audited.map((a) => a.action)).toEqual([
      'agreement.create',
      'agreement.update',
      'agreement.end',
    ]);
  });

  it('lets admin and billing staff write agreements; agents read them only', async () => {
    const path = `/api/staff/customers/${ctx.acmeId}/agreements`;
    expect((await call('POST', path, terms(), billingStaff)).statusCode).toBe(201);
    expect((await call('POST', path, terms(), agentStaff)).statusCode).toBe(403);
    expect((await call('GET', path, undefined, agentStaff)).statusCode).toBe(200);
  });

  it('refuses bad terms with a clear 400 and writes nothing', async () => {
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(agreements);
    const cases: [Partial<AgreementInput>, string][] = [
      [{ name: ' ' }, 'Name is required'],
      [{ hours: null }, AGREEMENT_MESSAGES.hoursRequired],
      [{ hours: -1 }, 'Hours must be more than 0'],
      [{ hours: 1.234 }, 'Hours must have at most 2 decimals'],
      [{ endsOn: '2025-12-31' }, 'End date cannot be before the start date'],
      [{ rolloverMonths: 13 }, 'Rollover must be 0 to 12 months'],
      [{ overageRate: -5 }, 'Overage rate cannot be negative'],
      [{ services: ['teleportation'] }, 'Choose services from the service list'],
      [{ timeZone: 'Mars/Olympus' }, 'Time zone'],
      [{ type: 'forever' as 'retainer' }, 'Type must be'],
    ];
    for (const [over, message] of cases) {
      const res = await call('POST', `/api/staff/customers/${ctx.acmeId}/agreements`, terms(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const after = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(agreements);
    expect(after).toEqual(before);
  });

  it("refuses time on another company's, an ended, or an out-of-dates agreement, and over 24 h", async () => {
    const globex = await create({}, ctx.globexId);
    const dated = await create({ startsOn: '2026-03-01', endsOn: '2026-03-31' });
    const ended = await create();
    await call('PATCH', `/api/staff/agreements/${ended.id}`, { status: 'ended' });
    const before = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(timeEntries);

    const refused: [Awaited<ReturnType<typeof log>>, number, string][] = [
      [await log(globex.id, 1), 400, AGREEMENT_MESSAGES.notOfCompany],
      [await log(ended.id, 1), 409, AGREEMENT_MESSAGES.ended],
      [await log(dated.id, 1, '2026-04-01'), 409, AGREEMENT_MESSAGES.outsideDates],
      [await log(dated.id, 1, '2026-02-28'), 409, AGREEMENT_MESSAGES.outsideDates],
      [await log(dated.id, 24.25), 400, 'Hours must be at most 24'],
      [await log('00000000-0000-0000-0000-000000000000', 1), 400, AGREEMENT_MESSAGES.notOfCompany],
      // Ninth outside attack: work four years ahead was taken on a live agreement.
      [await log(globex.id, 1, '2099-01-01'), 400, 'Work date cannot be in the future'],
      // Tenth outside attack: a day of 1900 was taken.
      [await log(null, 1, '1900-01-01'), 400, 'Work date cannot be more than 10 years ago'],
    ];
    for (const [res, status, message] of refused) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    const after = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(timeEntries);
    expect(after).toEqual(before);
  });

  it('keeps logged time inside new dates: a start moved past it is refused (409)', async () => {
    const a = await create({ startsOn: '2026-03-01' });
    expect((await log(a.id, 2, '2026-03-10')).statusCode).toBe(201);
    for (const dates of [{ startsOn: '2026-03-11' }, { endsOn: '2026-03-09' }]) {
      const res = await call('PUT', `/api/staff/agreements/${a.id}`, terms(dates));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: AGREEMENT_MESSAGES.datesExcludeTime });
    }
    const still = await call(
      'PUT',
      `/api/staff/agreements/${a.id}`,
      terms({ startsOn: '2026-03-10' }),
    );
    expect(still.statusCode, still.body).toBe(200);
  });

  // Tenth outside attack: retainer -> T&M let Add Unbilled Time bill its hours, and back to a
  // retainer counted them again as used (and as overage).
  it('keeps the type of an agreement with logged time (409); without time it may change', async () => {
    const a = await create({ startsOn: '2026-03-01' });
    const tm = { type: 'time-and-materials' as const, hours: null, rolloverMonths: 0 };
    const free = await create({ startsOn: '2026-03-01' });
    const changed = await call('PUT', `/api/staff/agreements/${free.id}`, terms(tm));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ type: 'time-and-materials' });
    expect((await log(a.id, 2, '2026-03-10')).statusCode).toBe(201);
    const res = await call('PUT', `/api/staff/agreements/${a.id}`, terms(tm));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ message: AGREEMENT_MESSAGES.typeFixedByTime });
    const [row] = await t.app.db.select().from(agreements).where(eq(agreements.id, a.id));
    expect(row?.type).toBe('retainer');
  });

  it('draws down with rollover, counting billable time only', async () => {
    const a = await create({ hours: 10, rolloverMonths: 1, startsOn: '2026-01-01' });
    expect((await log(a.id, 4, '2026-01-05')).statusCode).toBe(201);
    const free = await call('POST', `/api/staff/customers/${ctx.acmeId}/time-entries`, {
      workDate: '2026-01-06',
      hours: 5,
      agreementId: a.id,
      billable: false,
    });
    expect(free.json()).toMatchObject({ agreementId: a.id, billable: false });
    expect((await log(a.id, 12, '2026-02-05')).statusCode).toBe(201);
    const now = new Date('2026-02-20T12:00:00Z');
    const { agreementsByIds } = await import('../../services/agreements.ts');
    const listed = await agreementsByIds(t.app.db, [a.id], now);
    // February: its 10 h and January's unused 6 h; 12 used, 4 left.
    expect(listed.find((x) => x.id === a.id)?.period).toEqual({
      start: '2026-02-01',
      end: '2026-02-28',
      included: 16,
      used: 12,
      left: 4,
      overage: 0,
    });
  });

  it('alerts at 80 % and 100 % once per period, to the admin and billing users and staff', async () => {
    const a = await create({ hours: 10 });
    const mailsBefore = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    await log(a.id, 7);
    expect(await alertsOf(a.id)).toEqual([]);
    await log(a.id, 1);
    expect(await alertsOf(a.id)).toEqual([{ kind: 'used-80', periodStart: '2026-03-01' }]);
    await log(a.id, 0.5);
    await log(a.id, 2);
    await log(a.id, 3);
    expect(await alertsOf(a.id)).toEqual([
      { kind: 'used-80', periodStart: '2026-03-01' },
      { kind: 'used-100', periodStart: '2026-03-01' },
    ]);
    const events = await lowBalanceEvents(a.id);
    expect(events.map((e) => e.data.threshold).sort()).toEqual([100, 80]);
    // The company hears through its notices: admin and billing, never technical or member.
    const told = await t.app.db
      .select({ role: customerUsers.role })
      .from(notifications)
      .innerJoin(
        customerUsers,
        and(
          eq(customerUsers.userId, notifications.userId),
          eq(customerUsers.customerId, notifications.customerId),
        ),
      )
      .where(
        and(
          eq(notifications.type, 'agreement.low_balance'),
          sql`${notifications.data}->>'agreementId' = ${a.id}`,
        ),
      );
    expect(new Set(told.map((r) => r.role))).toEqual(new Set(['admin', 'billing']));
    // Staff who keep agreements (admin, billing) get one mail per alert.
    const staffMails = await t.app.db
      .select({ to: mailOutbox.to })
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like ${'%of Help desk retainer hours used'}`);
    expect(staffMails.map((m) => m.to)).toEqual(
      expect.arrayContaining([DEMO_STAFF_EMAIL, 'billing@example.com']),
    );
    expect(staffMails.map((m) => m.to)).not.toContain('agent@example.com');
    // And find one notice per alert in their bell (never the agent's), linking to the company.
    const keepers = [...new Set(staffMails.map((m) => m.to))];
    expect(await staffNoticesOf(a.id)).toEqual(
      keepers.flatMap((e) => [`${e} agreement-used-100`, `${e} agreement-used-80`]).sort(),
    );
    const bell = await call('GET', '/api/staff/notifications', undefined, billingStaff);
    expect(bell.json().items).toContainEqual(
      expect.objectContaining({
        about: 'agreement',
        kind: 'agreement-used-100',
        agreementId: a.id,
        agreementName: 'Help desk retainer',
        customerId: ctx.acmeId,
      }),
    );
    const mailsAfter = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(mailsAfter[0]!.n).toBeGreaterThan(mailsBefore[0]!.n);

    // The next month starts again.
    await log(a.id, 9, '2026-04-02');
    expect((await alertsOf(a.id)).filter((x) => x.periodStart === '2026-04-01')).toEqual([
      { kind: 'used-80', periodStart: '2026-04-01' },
    ]);
  });

  it.skipIf(!onPostgres)(
    'two entries racing past 80 % alert once: the second waits for the first',
    async () => {
      const a = await create({ hours: 10 });
      await log(a.id, 7);
      const [me] = await t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
      const actor: Actor = { id: me!.id, name: 'Morgan Hayes', email: me!.email };
      const entry = {
        workDate: '2026-03-11',
        hours: 1,
        description: '',
        projectId: null,
        ticketId: null,
        agreementId: a.id,
        billable: true,
      };
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let logged!: () => void;
      const first = new Promise<void>((r) => (logged = r));
      const holding = t.app.write(async (tx: Tx) => {
        await logTime(tx, actor, ctx.acmeId, entry, 'http://localhost');
        logged();
        await held;
      });
      await first;
      const racing = log(a.id, 1, '2026-03-12');
      await vi.waitFor(
        async () => {
          const [row] = await selectRows<{ n: number }>(
            t.app.db,
            sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          expect(row?.n).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      release();
      await holding;
      expect((await racing).statusCode).toBe(201);
      expect(await alertsOf(a.id)).toEqual([{ kind: 'used-80', periodStart: '2026-03-01' }]);
      expect(await lowBalanceEvents(a.id)).toHaveLength(1);
      expect((await staffNoticesOf(a.id)).filter((n) => n.startsWith('billing@'))).toEqual([
        'billing@example.com agreement-used-80',
      ]);
    },
  );

  it('shows the hours card to admin and billing users only', async () => {
    const a = await create({ name: 'Visible retainer', hours: 20, startsOn: '2026-01-01' });
    const path = `/api/customers/${ctx.acmeId}/agreements/hours`;
    for (const role of ['admin', 'billing'] as const) {
      const res = await call('GET', path, undefined, cookies[role]);
      expect(res.statusCode, role).toBe(200);
      const card = res.json<PortalAgreementHours[]>().find((x) => x.id === a.id);
      expect(card?.period.included).toBe(20);
      expect(card?.burnDown[0]?.left).toBe(20);
    }
    for (const role of ['technical', 'member'] as const) {
      const res = await call('GET', path, undefined, cookies[role]);
      expect(res.statusCode, role).toBe(403);
    }
    // Another company's user reads nothing of Acme's.
    const globex = await sessionCookieFor(t.app, DEMO_USERS.globex);
    expect((await call('GET', path, undefined, globex)).statusCode).toBe(403);
  });

  it("tells a ticket's time spent to admin, billing and technical, never a member", async () => {
    const [ticket] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.customerId, ctx.acmeId), eq(tickets.private, false)))
      .limit(1);
    const id = ticket!.id;
    const spent = await t.app.db
      .select({ h: sql<string>`coalesce(sum(${timeEntries.hours}), 0)` })
      .from(timeEntries)
      .where(eq(timeEntries.ticketId, id));
    await call('POST', `/api/staff/customers/${ctx.acmeId}/time-entries`, {
      workDate: '2026-03-02',
      hours: 1.5,
      ticketId: id,
    });
    const path = `/api/customers/${ctx.acmeId}/tickets/${id}/time`;
    const res = await call('GET', path, undefined, cookies.technical);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ minutes: Math.round((Number(spent[0]!.h) + 1.5) * 60) });
    expect((await call('GET', path, undefined, cookies.member)).statusCode).toBe(403);
    // Billing sees its own tickets only: another's is not found.
    expect((await call('GET', path, undefined, cookies.billing)).statusCode).toBe(404);
  });

  it('reminds once, 30 days before the end, staff and the company admins', async () => {
    const a = await create({
      name: 'Ending retainer',
      startsOn: '2026-01-01',
      endsOn: '2026-06-30',
    });
    expect(await t.app.sweepAgreementRenewals(new Date('2026-05-30T12:00:00Z'))).toBe(0);
    expect(await t.app.sweepAgreementRenewals(new Date('2026-05-31T12:00:00Z'))).toBe(1);
    expect(await t.app.sweepAgreementRenewals(new Date('2026-06-10T12:00:00Z'))).toBe(0);
    expect(await alertsOf(a.id)).toEqual([{ kind: 'renewal', periodStart: '2026-06-30' }]);
    const notices = await staffNoticesOf(a.id);
    expect(notices).toContain('billing@example.com agreement-renewal');
    expect(notices).toContain(`${DEMO_STAFF_EMAIL} agreement-renewal`);
    expect(notices.filter((n) => n.startsWith('billing@'))).toHaveLength(1);
    expect(notices.join()).not.toContain('agent@example.com');
    const told = await t.app.db
      .select({ role: customerUsers.role })
      .from(notifications)
      .innerJoin(
        customerUsers,
        and(
          eq(customerUsers.userId, notifications.userId),
          eq(customerUsers.customerId, notifications.customerId),
        ),
      )
      .where(
        and(
          eq(notifications.type, 'agreement.renewal_due'),
          sql`${notifications.data}->>'agreementId' = ${a.id}`,
        ),
      );
    expect(told.map((r) => r.role)).toEqual(['admin']);
  });
});
