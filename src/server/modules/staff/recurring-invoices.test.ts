import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  customers,
  domainEvents,
  invoiceLines,
  invoices,
  mailOutbox,
  notifications,
  recurringInvoiceRuns,
  recurringInvoices,
  users,
} from '../../db/schema.ts';
import {
  recurringInvoiceInputSchema,
  type RecurringInvoice,
  type RecurringInvoiceInput,
  type RecurringInvoiceRun,
} from '../../../shared/schemas/recurring-invoices.ts';
import { DEMO_STAFF_EMAIL, DEMO_STAFF_ROLES } from '../../seed/demo.ts';
import type { Actor } from '../../services/actor.ts';
import {
  setRecurringInvoiceActive,
  updateRecurringInvoice,
} from '../../services/recurring-invoices.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe('recurring invoices (issue 39 item 4, ADR 068)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const call = t.request;

  const template = (over: Partial<RecurringInvoiceInput> = {}): RecurringInvoiceInput => ({
    name: 'Managed services retainer',
    lines: [
      { description: 'Help desk, 20 users', quantity: 20, unitPrice: 45, taxRate: 20 },
      { description: 'Backup licence', quantity: 1.5, unitPrice: 10.01, taxRate: 0 },
    ],
    cadence: 'monthly',
    runDay: 1,
    timeZone: 'UTC',
    paymentTermsDays: 14,
    action: 'issue-and-mail',
    startsOn: '2030-01-01',
    ...over,
  });

  const create = async (over: Partial<RecurringInvoiceInput> = {}, customerId = ctx.acmeId) => {
    const res = await call(
      'POST',
      `/api/staff/customers/${customerId}/recurring-invoices`,
      template(over),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<RecurringInvoice>();
  };

  const staffActor = async (): Promise<Actor> => {
    const [row] = await t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
    if (!row) throw new Error('no staff user');
    return { id: row.id, email: row.email, name: row.firstName };
  };

  // Each test's schedules alone are due: a later test's sweep would catch up an earlier one's.
  afterEach(async () => {
    await t.app.db.delete(recurringInvoices);
  });

  const sweep = (at: string) => t.app.sweepRecurringInvoices(new Date(at));

  /** The invoices a schedule made, by issue date. */
  const madeBy = async (scheduleId: string) =>
    t.app.db
      .select({
        id: invoices.id,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        state: invoices.state,
        totalMinor: invoices.totalMinor,
        description: invoices.description,
      })
      .from(recurringInvoiceRuns)
      .innerJoin(invoices, eq(invoices.id, recurringInvoiceRuns.invoiceId))
      .where(eq(recurringInvoiceRuns.scheduleId, scheduleId))
      .orderBy(invoices.issueDate);

  const issueDates = async (scheduleId: string) =>
    (await madeBy(scheduleId)).map((i) => i.issueDate);

  it('creates, lists per company, changes, pauses, resumes and deletes, each audited', async () => {
    const made = await create({ name: 'Quarterly licences', cadence: 'quarterly', runDay: 31 });
    // 20 × 45.00 = 900.00 + 20 % = 1080.00; 1.5 × 10.01 = 15.015 → 15.02; 1095.02.
    expect(made).toMatchObject({
      currency: 'USD',
      amount: 1095.02,
      nextRunOn: '2030-01-31',
      active: true,
      endsOn: null,
    });
    expect(made.lines.map((l) => l.amount)).toEqual([900, 15.02]);
    const list = await call('GET', `/api/staff/customers/${ctx.acmeId}/recurring-invoices`);
    expect(list.json<RecurringInvoice[]>().map((s) => s.id)).toContain(made.id);
    const other = await call('GET', `/api/staff/customers/${ctx.globexId}/recurring-invoices`);
    expect(other.json<RecurringInvoice[]>().map((s) => s.id)).not.toContain(made.id);

    const changed = await call(
      'PUT',
      `/api/staff/recurring-invoices/${made.id}`,
      template({ name: 'Quarterly licences', cadence: 'yearly', runDay: 15, endsOn: '2035-12-31' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<RecurringInvoice>()).toMatchObject({
      cadence: 'yearly',
      nextRunOn: '2030-01-15',
      endsOn: '2035-12-31',
    });

    const paused = await call('PATCH', `/api/staff/recurring-invoices/${made.id}`, {
      active: false,
    });
    expect(paused.json<RecurringInvoice>()).toMatchObject({ active: false, nextRunOn: null });
    const resumed = await call('PATCH', `/api/staff/recurring-invoices/${made.id}`, {
      active: true,
    });
    expect(resumed.json<RecurringInvoice>()).toMatchObject({
      active: true,
      nextRunOn: '2030-01-15',
    });
    const runs = await call('GET', `/api/staff/recurring-invoices/${made.id}/runs`);
    expect(runs.json()).toEqual([]);

    expect((await call('DELETE', `/api/staff/recurring-invoices/${made.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/staff/recurring-invoices/${made.id}`)).statusCode).toBe(404);
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, made.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'recurring_invoice.create',
      'recurring_invoice.delete',
      'recurring_invoice.pause',
      'recurring_invoice.resume',
      'recurring_invoice.update',
    ]);
  });

  it.each([
    [
      'a negative quantity',
      { lines: [{ description: 'x', quantity: -1, unitPrice: 1 }] },
      'Quantity cannot be negative',
    ],
    [
      'a tax rate over 100 %',
      { lines: [{ description: 'x', quantity: 1, unitPrice: 1, taxRate: 101 }] },
      'Tax rate cannot be over 100 %',
    ],
    ['no lines', { lines: [] }, 'An invoice needs at least one line'],
    ['a run day of 32', { runDay: 32 }, 'Run day must be 1 to 31'],
    [
      'a cadence not in the list',
      { cadence: 'weekly' as never },
      'Cadence must be monthly, quarterly or yearly',
    ],
    [
      'an offset for a zone',
      { timeZone: '+13:00' },
      'Time zone must be an IANA zone such as Europe/Berlin',
    ],
    [
      'an end before the start',
      { endsOn: '2029-12-31' },
      'End date cannot be before the start date',
    ],
    ['another currency', { currency: 'EUR' }, "Currency must be USD, the company's currency"],
    [
      'cents of a cent',
      { lines: [{ description: 'x', quantity: 1, unitPrice: 1.001 }] },
      'Unit price must have at most 2 decimals in USD',
    ],
    ['terms of a year and a day', { paymentTermsDays: 366 }, 'Payment terms must be 0 to 365 days'],
  ])('refuses %s with a 400 and writes nothing', async (_, over, message) => {
    const before = await t.app.db.$count(recurringInvoices);
    const res = await call(
      'POST',
      `/api/staff/customers/${ctx.acmeId}/recurring-invoices`,
      template(over),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.app.db.$count(recurringInvoices)).toBe(before);
  });

  it('lets billing write and agents read only', async () => {
    const [agent, billing] = DEMO_STAFF_ROLES;
    const billingCookie = await sessionCookieFor(t.app, billing.email);
    const agentCookie = await sessionCookieFor(t.app, agent.email);
    const url = `/api/staff/customers/${ctx.acmeId}/recurring-invoices`;
    expect((await call('POST', url, template(), billingCookie)).statusCode).toBe(201);
    expect((await call('GET', url, undefined, agentCookie)).statusCode).toBe(200);
    const refused = await call('POST', url, template(), agentCookie);
    expect(refused.statusCode).toBe(403);
    expect((await call('GET', url, undefined, ctx.customerCookie)).statusCode).toBe(403);
  });

  describe('the worker', () => {
    it('makes each period once, dated for its period, and catches up after downtime', async () => {
      const s = await create({ runDay: 31, startsOn: '2030-01-15' });
      expect(s.nextRunOn).toBe('2030-01-31');
      expect(await sweep('2030-01-30T23:59:59Z')).toBe(0);
      // Down from January to April: each missed period once, each dated for its own period.
      expect(await sweep('2030-04-30T00:00:00Z')).toBe(4);
      expect(await sweep('2030-04-30T00:00:00Z')).toBe(0);
      const made = await madeBy(s.id);
      // The 31st is the last day of a shorter month: 28 February, 30 April.
      expect(made.map((i) => [i.issueDate, i.dueDate])).toEqual([
        ['2030-01-31', '2030-02-14'],
        ['2030-02-28', '2030-03-14'],
        ['2030-03-31', '2030-04-14'],
        ['2030-04-30', '2030-05-14'],
      ]);
      expect(made.every((i) => i.state === 'issued' && i.totalMinor === 109502)).toBe(true);
      expect(made[1]?.description).toBe('Managed services retainer: 2030-02-28 to 2030-03-30');
      const lines = await t.app.db
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, made[0]?.id ?? ''));
      expect(lines.map((l) => l.description).sort()).toEqual([
        'Backup licence',
        'Help desk, 20 users',
      ]);
      const runs = await call('GET', `/api/staff/recurring-invoices/${s.id}/runs`);
      expect(runs.json<RecurringInvoiceRun[]>()[0]).toMatchObject({
        periodOn: '2030-04-30',
        state: 'issued',
        amount: 1095.02,
        error: null,
      });
    });

    it('crosses year ends and leap days (monthly, quarterly, yearly)', async () => {
      const monthly = await create({ runDay: 30, startsOn: '2030-11-30' });
      const quarterly = await create({ cadence: 'quarterly', runDay: 1, startsOn: '2030-11-01' });
      const yearly = await create({ cadence: 'yearly', runDay: 29, startsOn: '2030-02-01' });
      await sweep('2032-03-01T00:00:00Z');
      expect((await issueDates(monthly.id)).slice(0, 4)).toEqual([
        '2030-11-30',
        '2030-12-30',
        '2031-01-30',
        '2031-02-28',
      ]);
      expect((await issueDates(quarterly.id)).slice(0, 3)).toEqual([
        '2030-11-01',
        '2031-02-01',
        '2031-05-01',
      ]);
      expect(await issueDates(yearly.id)).toEqual(['2030-02-28', '2031-02-28', '2032-02-29']);
    });

    it('runs at local midnight of its own zone: Pacific/Auckland before America/Los_Angeles', async () => {
      const auckland = await create({ timeZone: 'Pacific/Auckland', startsOn: '2030-06-01' });
      const angeles = await create({ timeZone: 'America/Los_Angeles', startsOn: '2030-06-01' });
      // Midnight of 1 June is 12:00 UTC on 31 May in Auckland (NZST, +12), 07:00 UTC on 1 June in
      // Los Angeles (PDT, -7).
      expect(auckland.nextRunAt).toBe('2030-05-31T12:00:00.000Z');
      expect(angeles.nextRunAt).toBe('2030-06-01T07:00:00.000Z');
      await sweep('2030-05-31T11:59:59Z');
      expect(await issueDates(auckland.id)).toEqual([]);
      await sweep('2030-05-31T12:00:00Z');
      expect(await issueDates(auckland.id)).toEqual(['2030-06-01']);
      await sweep('2030-06-01T06:59:59Z');
      expect(await issueDates(angeles.id)).toEqual([]);
      await sweep('2030-06-01T07:00:00Z');
      expect(await issueDates(angeles.id)).toEqual(['2030-06-01']);
    });

    it('makes nothing while paused, and resumes from the next period to come', async () => {
      const s = await create({ startsOn: '2031-01-01' });
      await sweep('2031-01-01T00:00:00Z');
      const actor = await staffActor();
      await t.app.write((tx) =>
        setRecurringInvoiceActive(tx, actor, s.id, false, new Date('2031-01-15T00:00:00Z')),
      );
      await sweep('2031-04-02T00:00:00Z');
      expect(await issueDates(s.id)).toEqual(['2031-01-01']);
      const resumed = await t.app.write((tx) =>
        setRecurringInvoiceActive(tx, actor, s.id, true, new Date('2031-04-02T00:00:00Z')),
      );
      // February to April passed while paused: not billed.
      expect(resumed.nextRunOn).toBe('2031-05-01');
      await sweep('2031-05-01T00:00:00Z');
      expect(await issueDates(s.id)).toEqual(['2031-01-01', '2031-05-01']);
    });

    it('stops after its end date', async () => {
      const s = await create({ startsOn: '2032-01-01', endsOn: '2032-03-15' });
      await sweep('2032-12-31T00:00:00Z');
      expect(await issueDates(s.id)).toEqual(['2032-01-01', '2032-02-01', '2032-03-01']);
      const [row] = await t.app.db
        .select()
        .from(recurringInvoices)
        .where(eq(recurringInvoices.id, s.id));
      expect(row).toMatchObject({ nextRunOn: null, nextRunAt: null });
    });

    it('leaves a draft, issues without mail, or issues and mails, as set', async () => {
      const draft = await create({ action: 'draft', startsOn: '2033-01-01' });
      const issue = await create({ action: 'issue', startsOn: '2033-01-01' });
      const mail = await create({ action: 'issue-and-mail', startsOn: '2033-01-01' });
      await sweep('2033-01-01T00:00:00Z');
      const [drafted] = await madeBy(draft.id);
      const [issued] = await madeBy(issue.id);
      const [mailed] = await madeBy(mail.id);
      expect([drafted?.state, issued?.state, mailed?.state]).toEqual(['draft', 'issued', 'issued']);
      const noticesOf = (invoiceId: string | undefined) =>
        t.app.db.$count(
          notifications,
          sql`${notifications.data}->>'invoiceId' = ${invoiceId ?? ''}`,
        );
      const createdEvents = (invoiceId: string | undefined) =>
        t.app.db.$count(
          domainEvents,
          and(eq(domainEvents.type, 'invoice.created'), eq(domainEvents.entityId, invoiceId ?? '')),
        );
      expect(await createdEvents(drafted?.id)).toBe(0);
      // Issued either way (webhooks hear of it); only the mailing one notifies the people.
      expect(await createdEvents(issued?.id)).toBe(1);
      expect(await createdEvents(mailed?.id)).toBe(1);
      expect(await noticesOf(issued?.id)).toBe(0);
      expect(await noticesOf(mailed?.id)).toBeGreaterThan(0);
      await t.app.notifications.flush();
      const mails = await t.app.db
        .select({ subject: mailOutbox.subject })
        .from(mailOutbox)
        .where(sql`${mailOutbox.subject} like ${`New invoice R20330101-%`}`);
      expect(mails.length).toBeGreaterThan(0);
      expect(
        mails.every((m) =>
          m.subject.endsWith(mail.id.replaceAll('-', '').slice(0, 12).toUpperCase()),
        ),
      ).toBe(true);
      const audited = await t.app.db
        .select({ action: auditLog.action, actorName: auditLog.actorName })
        .from(auditLog)
        .where(eq(auditLog.entityId, mailed?.id ?? ''));
      expect(audited.map((a) => a.action).sort()).toEqual(['invoice.draft', 'invoice.issue']);
      expect(audited[0]?.actorName).toMatch(/\(recurring invoice\)$/);
    });

    it('records a run it cannot make with its reason, once, and moves on', async () => {
      const company = await t.app.db
        .insert(customers)
        .values({ name: 'Currency Switchers Ltd', email: 'ap@switchers.example' })
        .returning({ id: customers.id });
      const customerId = company[0]?.id ?? '';
      const s = await create({ startsOn: '2034-01-01' }, customerId);
      await t.app.db.update(customers).set({ currency: 'EUR' }).where(eq(customers.id, customerId));
      expect(await sweep('2034-02-01T00:00:00Z')).toBe(2);
      const runs = await call('GET', `/api/staff/recurring-invoices/${s.id}/runs`);
      expect(
        runs.json<RecurringInvoiceRun[]>().map((r) => [r.periodOn, r.invoiceId, r.error]),
      ).toEqual([
        ['2034-02-01', null, "Currency must be EUR, the company's currency"],
        ['2034-01-01', null, "Currency must be EUR, the company's currency"],
      ]);
      expect(await sweep('2034-02-01T00:00:00Z')).toBe(0);
    });

    it('never makes a period twice when a stale server claims it again', async () => {
      const s = await create({ startsOn: '2035-01-01' });
      await sweep('2035-01-01T00:00:00Z');
      // A server that read the schedule before the run (or a restored backup) points it back.
      await t.app.db
        .update(recurringInvoices)
        .set({ nextRunOn: '2035-01-01', nextRunAt: new Date('2035-01-01T00:00:00Z') })
        .where(eq(recurringInvoices.id, s.id));
      expect(await sweep('2035-01-01T00:00:00Z')).toBe(1);
      expect(await issueDates(s.id)).toEqual(['2035-01-01']);
      const [row] = await t.app.db
        .select()
        .from(recurringInvoices)
        .where(eq(recurringInvoices.id, s.id));
      expect(row?.nextRunOn).toBe('2035-02-01');
    });

    describe('edits never bill a period twice (the run is keyed by the months it bills)', () => {
      /** `work` with the server's clock at `iso` (the routes compute the next run from it). */
      async function at<T>(iso: string, work: () => Promise<T>): Promise<T> {
        vi.useFakeTimers({ toFake: ['Date'], now: new Date(iso) });
        try {
          return await work();
        } finally {
          vi.useRealTimers();
        }
      }
      const put = async (id: string, body: object) => {
        const res = await call('PUT', `/api/staff/recurring-invoices/${id}`, body);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<RecurringInvoice>();
      };
      /** The update command with its clock at `iso` (a session's cookie is not valid years ahead). */
      const edit = async (id: string, body: RecurringInvoiceInput, iso: string) => {
        const actor = await staffActor();
        const values = recurringInvoiceInputSchema.parse(body);
        return t.app.write((tx) => updateRecurringInvoice(tx, actor, id, values, new Date(iso)));
      };

      it('the outside attack: run day 28 in UTC, then 29 in Pacific/Kiritimati, bills November once', async () => {
        const body = {
          name: 'ATK utc',
          lines: [{ description: 'rec-run', quantity: 1, unitPrice: 1 }],
          paymentTermsDays: 0,
          action: 'issue',
          cadence: 'monthly',
          runDay: 28,
          timeZone: 'UTC',
          startsOn: '2026-11-01',
        };
        const made = await at('2026-11-27T12:00:00Z', async () => {
          const res = await call(
            'POST',
            `/api/staff/customers/${ctx.acmeId}/recurring-invoices`,
            body,
          );
          expect(res.statusCode, res.body).toBe(201);
          return res.json<RecurringInvoice>();
        });
        expect(await sweep('2026-11-28T00:00:00Z')).toBe(1);
        // 12:00 UTC on 28 November is already 02:00 on the 29th in Kiritimati (UTC+14).
        const edited = await at('2026-11-28T12:00:00Z', () =>
          put(made.id, { ...body, runDay: 29, timeZone: 'Pacific/Kiritimati' }),
        );
        expect(edited.nextRunOn).toBe('2026-12-29');
        expect(await sweep('2026-11-28T12:00:00Z')).toBe(0);
        expect(await sweep('2026-12-28T10:00:00Z')).toBe(1);
        expect(await issueDates(made.id)).toEqual(['2026-11-28', '2026-12-29']);
      });

      it('a cadence change starts after the months already billed (monthly ↔ quarterly)', async () => {
        const body = template({ runDay: 1, startsOn: '2030-11-01' });
        const s = await create(body);
        await sweep('2030-11-01T00:00:00Z');
        // Quarters from November: November–January is partly billed, so the next is February's.
        const quarterly = await edit(
          s.id,
          { ...body, cadence: 'quarterly' },
          '2030-11-10T00:00:00Z',
        );
        expect(quarterly.nextRunOn).toBe('2031-02-01');
        // Quarters from December: December–February starts after November, so it runs now.
        const fromDecember = await edit(
          s.id,
          { ...body, cadence: 'quarterly', startsOn: '2030-12-01' },
          '2030-11-10T00:00:00Z',
        );
        expect(fromDecember.nextRunOn).toBe('2030-12-01');
        await sweep('2030-12-01T00:00:00Z');
        // Back to monthly on the 15th in December: December to February are billed, so March.
        const monthly = await edit(s.id, { ...body, runDay: 15 }, '2030-12-02T00:00:00Z');
        expect(monthly.nextRunOn).toBe('2031-03-15');
        await sweep('2031-03-15T00:00:00Z');
        expect(await issueDates(s.id)).toEqual(['2030-11-01', '2030-12-01', '2031-03-15']);
      });

      it('a time zone moved back across the date line does not bill the month again', async () => {
        const body = template({ timeZone: 'Pacific/Kiritimati', startsOn: '2031-06-01' });
        const s = await create(body);
        // Midnight of 1 June in Kiritimati (UTC+14) is 10:00 UTC on 31 May.
        expect(s.nextRunAt).toBe('2031-05-31T10:00:00.000Z');
        await sweep('2031-05-31T10:00:00Z');
        // In Pago Pago (UTC−11) it is still 31 May, 01:00: the 2nd of June is to come there.
        const moved = await edit(
          s.id,
          { ...body, runDay: 2, timeZone: 'Pacific/Pago_Pago' },
          '2031-05-31T12:00:00Z',
        );
        expect(moved.nextRunOn).toBe('2031-07-02');
        expect(moved.nextRunAt).toBe('2031-07-02T11:00:00.000Z');
        expect(await sweep('2031-06-02T11:00:00Z')).toBe(0);
        expect(await issueDates(s.id)).toEqual(['2031-06-01']);
      });

      it('the database refuses a second run in a billed month, whatever its run day', async () => {
        const s = await create({ startsOn: '2035-03-01' });
        await sweep('2035-03-01T00:00:00Z');
        // A stale server, or a bug in the next-run rule, points it at the 20th of March.
        await t.app.db
          .update(recurringInvoices)
          .set({ runDay: 20, nextRunOn: '2035-03-20', nextRunAt: new Date('2035-03-20T00:00:00Z') })
          .where(eq(recurringInvoices.id, s.id));
        expect(await sweep('2035-03-20T00:00:00Z')).toBe(1);
        expect(await issueDates(s.id)).toEqual(['2035-03-01']);
        // Nor may anything else record a run overlapping March (a quarter from February).
        const overlapping = t.app.db.insert(recurringInvoiceRuns).values({
          scheduleId: s.id,
          periodOn: '2035-02-20',
          periodStart: '2035-02-01',
          periodEnd: '2035-05-01',
        });
        await expect(overlapping).rejects.toThrow();
      });
    });

    it(`never makes a period twice with workers racing${onPostgres ? ' (concurrent connections)' : ''}`, async () => {
      const made = [];
      for (let i = 0; i < 12; i++)
        made.push(await create({ name: `Race ${i}`, startsOn: '2036-01-01' }));
      const ids = made.map((s) => s.id);
      // Three periods due for each of the 12 schedules, three workers at once.
      const handled = await Promise.all([
        sweep('2036-03-01T00:00:00Z'),
        sweep('2036-03-01T00:00:00Z'),
        sweep('2036-03-01T00:00:00Z'),
      ]);
      expect(handled.reduce((a, b) => a + b, 0)).toBe(36);
      const counts = await t.app.db
        .select({ issueDate: invoices.issueDate, n: sql<number>`count(*)::int` })
        .from(recurringInvoiceRuns)
        .innerJoin(invoices, eq(invoices.id, recurringInvoiceRuns.invoiceId))
        .where(inArray(recurringInvoiceRuns.scheduleId, ids))
        .groupBy(invoices.issueDate);
      expect(counts.sort((a, b) => a.issueDate.localeCompare(b.issueDate))).toEqual([
        { issueDate: '2036-01-01', n: 12 },
        { issueDate: '2036-02-01', n: 12 },
        { issueDate: '2036-03-01', n: 12 },
      ]);
    });
  });
});
