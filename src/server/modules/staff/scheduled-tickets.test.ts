import { and, eq, lte, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  customerUsers,
  mailOutbox,
  scheduledTicketRuns,
  scheduledTickets,
  tickets,
  users,
} from '../../db/schema.ts';
import type {
  ScheduledTicket,
  ScheduledTicketInput,
} from '../../../shared/schemas/scheduled-tickets.ts';
import { DEMO_STAFF_EMAIL, DEMO_USERS } from '../../seed/demo.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe('scheduled tickets (issue 38 item 4, ADR 062)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const call = t.request;

  const userId = async (email: string) => {
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };

  const template = (over: Partial<ScheduledTicketInput> = {}): ScheduledTicketInput => ({
    customerId: ctx.acmeId,
    subject: 'Monthly backup restore test',
    description: 'Restore one file from last night and note the time taken.',
    priority: 'normal',
    category: 'Cloud Services',
    department: 'IT Support',
    frequency: 'monthly',
    monthDay: 1,
    timeOfDay: '08:00',
    timeZone: 'Europe/Berlin',
    ...over,
  });

  const create = async (over: Partial<ScheduledTicketInput> = {}) => {
    const res = await call('POST', '/api/staff/scheduled-tickets', template(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ScheduledTicket>();
  };

  /** Moves a schedule's next run to `at` (as if it had been created long ago). */
  const dueAt = (id: string, at: string) =>
    t.app.db
      .update(scheduledTickets)
      .set({ nextRunAt: new Date(at) })
      .where(eq(scheduledTickets.id, id));

  const ticketsOf = (subject: string) =>
    t.app.db.select().from(tickets).where(eq(tickets.subject, subject));

  it('creates, lists per company, changes, pauses, resumes and deletes, each audited', async () => {
    const made = await create({ subject: 'Check the UPS batteries' });
    expect(made.nextRunAt).not.toBeNull();
    expect(made.monthDay).toBe(1);
    expect(made.weekday).toBeNull();
    const list = await call('GET', `/api/staff/scheduled-tickets?customerId=${ctx.acmeId}`);
    expect(list.json<ScheduledTicket[]>().map((s) => s.subject)).toContain(
      'Check the UPS batteries',
    );
    const other = await call('GET', `/api/staff/scheduled-tickets?customerId=${ctx.globexId}`);
    expect(other.json<ScheduledTicket[]>().map((s) => s.id)).not.toContain(made.id);

    const changed = await call(
      'PUT',
      `/api/staff/scheduled-tickets/${made.id}`,
      template({
        subject: 'Check the UPS batteries',
        frequency: 'weekly',
        weekday: 3,
        monthDay: 1,
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<ScheduledTicket>()).toMatchObject({ weekday: 3, monthDay: null });

    const paused = await call('PATCH', `/api/staff/scheduled-tickets/${made.id}`, { paused: true });
    expect(paused.json<ScheduledTicket>()).toMatchObject({ paused: true, nextRunAt: null });
    const resumed = await call('PATCH', `/api/staff/scheduled-tickets/${made.id}`, {
      paused: false,
    });
    expect(new Date(resumed.json<ScheduledTicket>().nextRunAt ?? 0).getTime()).toBeGreaterThan(
      Date.now(),
    );

    expect((await call('DELETE', `/api/staff/scheduled-tickets/${made.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/staff/scheduled-tickets/${made.id}`)).statusCode).toBe(404);
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, made.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'scheduled_ticket.create',
      'scheduled_ticket.delete',
      'scheduled_ticket.pause',
      'scheduled_ticket.resume',
      'scheduled_ticket.update',
    ]);
  });

  it('stores a time zone as the platform spells it, whatever its case', async () => {
    // Seventh outside attack: "america/chicago" was stored as typed.
    expect((await create({ timeZone: 'america/chicago' })).timeZone).toBe('America/Chicago');
  });

  it.each([
    ['a first run in the past', { startsOn: '2020-01-01' }, 'The first run is in the past'],
    ['a category not in the list', { category: 'Plumbing' }, 'Category is not in the list'],
    [
      'a bad time zone',
      { timeZone: 'Mars/Olympus_Mons' },
      'Time zone must be an IANA zone such as Europe/Berlin',
    ],
    [
      'an offset instead of a zone',
      { timeZone: '+01:00' },
      'Time zone must be an IANA zone such as Europe/Berlin',
    ],
    ['the 31st', { monthDay: 31 }, 'Day must be 1 to 28, or last'],
    ['a weekly one without weekday', { frequency: 'weekly' }, 'Choose a weekday'],
    ['a time of 24:00', { timeOfDay: '24:00' }, 'Time must be HH:MM'],
    ['an impossible start date', { startsOn: '2031-02-30' }, 'Start date must be YYYY-MM-DD'],
  ] as const)('refuses %s with a 400 and stores nothing', async (_name, over, message) => {
    const before = (await t.app.db.select().from(scheduledTickets)).length;
    const res = await call('POST', '/api/staff/scheduled-tickets', { ...template(), ...over });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect((await t.app.db.select().from(scheduledTickets)).length).toBe(before);
  });

  it('refuses a requester of another company, and a customer as assignee', async () => {
    const globexUser = await userId(DEMO_USERS.globex);
    const res = await call(
      'POST',
      '/api/staff/scheduled-tickets',
      template({ requesterUserId: globexUser }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      'Requester must be an active user of this company',
    );
    const assignee = await call(
      'POST',
      '/api/staff/scheduled-tickets',
      template({ assigneeUserId: await userId(DEMO_USERS.acme) }),
    );
    expect(assignee.statusCode).toBe(400);
  });

  it('accepts a start date in the future and runs first on or after it', async () => {
    const made = await create({ startsOn: '2031-03-01', monthDay: 'last' });
    expect(made.nextRunAt).toBe('2031-03-31T06:00:00.000Z'); // 08:00 CEST
  });

  it('is staff only', async () => {
    const res = await call(
      'GET',
      `/api/staff/scheduled-tickets?customerId=${ctx.acmeId}`,
      undefined,
      ctx.customerCookie,
    );
    expect(res.statusCode).toBe(403);
  });

  describe('the worker', () => {
    it('opens a due run through the ticket command, as the requester, assigned, with its mail', async () => {
      const requester = await userId(DEMO_USERS.acme);
      const staff = await userId(DEMO_STAFF_EMAIL);
      const made = await create({
        subject: 'Quarterly firewall review',
        frequency: 'quarterly',
        quarterMonth: 1,
        monthDay: 'last',
        requesterUserId: requester,
        assigneeUserId: staff,
        priority: 'high',
      });
      await dueAt(made.id, '2030-01-31T07:00:00Z');
      const mailsBefore = (await t.app.db.select().from(mailOutbox)).length;
      await t.app.sweepScheduledTickets(new Date('2030-01-31T07:00:30Z'));
      const [ticket, ...more] = await ticketsOf('Quarterly firewall review');
      expect(more).toEqual([]);
      expect(ticket).toMatchObject({
        customerId: ctx.acmeId,
        createdByUserId: requester,
        assignedToUserId: staff,
        priority: 'high',
        status: 'open',
      });
      expect((await t.app.db.select().from(mailOutbox)).length).toBeGreaterThan(mailsBefore);
      const [row] = await t.app.db
        .select()
        .from(scheduledTickets)
        .where(eq(scheduledTickets.id, made.id));
      expect(row?.nextRunAt.toISOString()).toBe('2030-04-30T06:00:00.000Z');
      // The same instant again: nothing more is due.
      await t.app.sweepScheduledTickets(new Date('2030-01-31T07:00:30Z'));
      expect(await ticketsOf('Quarterly firewall review')).toHaveLength(1);
    });

    it('opens the runs missed during downtime once, for the latest, then the next future run', async () => {
      const made = await create({ subject: 'Weekly patch check', frequency: 'weekly', weekday: 1 });
      await dueAt(made.id, '2030-01-07T07:00:00Z'); // Monday 08:00 CET
      await t.app.sweepScheduledTickets(new Date('2030-02-13T12:00:00Z')); // five Mondays later
      expect(await ticketsOf('Weekly patch check')).toHaveLength(1);
      const runs = await t.app.db
        .select()
        .from(scheduledTicketRuns)
        .where(eq(scheduledTicketRuns.scheduleId, made.id));
      expect(runs.map((r) => r.dueAt.toISOString())).toEqual(['2030-02-11T07:00:00.000Z']);
      const [row] = await t.app.db
        .select()
        .from(scheduledTickets)
        .where(eq(scheduledTickets.id, made.id));
      expect(row?.nextRunAt.toISOString()).toBe('2030-02-18T07:00:00.000Z');
    });

    it('opens nothing for a run another server already recorded, and moves on', async () => {
      const made = await create({ subject: 'Already claimed run' });
      await dueAt(made.id, '2030-03-01T07:00:00Z');
      await t.app.db
        .insert(scheduledTicketRuns)
        .values({ scheduleId: made.id, dueAt: new Date('2030-03-01T07:00:00Z') });
      await t.app.sweepScheduledTickets(new Date('2030-03-01T07:05:00Z'));
      expect(await ticketsOf('Already claimed run')).toHaveLength(0);
      const [row] = await t.app.db
        .select()
        .from(scheduledTickets)
        .where(eq(scheduledTickets.id, made.id));
      expect(row?.nextRunAt.toISOString()).toBe('2030-04-01T06:00:00.000Z');
    });

    it('opens as the company admin when no requester is chosen, and skips paused schedules', async () => {
      const made = await create({ subject: 'Admin as requester' });
      const paused = await create({ subject: 'Paused schedule' });
      await call('PATCH', `/api/staff/scheduled-tickets/${paused.id}`, { paused: true });
      await dueAt(made.id, '2030-05-01T06:00:00Z');
      await dueAt(paused.id, '2030-05-01T06:00:00Z');
      await t.app.sweepScheduledTickets(new Date('2030-05-01T06:00:00Z'));
      const [admin] = await t.app.db
        .select({ userId: customerUsers.userId })
        .from(customerUsers)
        .innerJoin(users, eq(users.id, customerUsers.userId))
        .where(
          and(
            eq(customerUsers.customerId, ctx.acmeId),
            eq(customerUsers.role, 'admin'),
            eq(customerUsers.active, true),
            eq(users.active, true),
          ),
        )
        .orderBy(customerUsers.createdAt, users.email)
        .limit(1);
      const [ticket] = await ticketsOf('Admin as requester');
      expect(ticket?.createdByUserId).toBe(admin?.userId);
      expect(await ticketsOf('Paused schedule')).toHaveLength(0);
    });

    it(`never opens a run twice with two sweeps at once${onPostgres ? ' (concurrent connections)' : ''}`, async () => {
      const subjects = Array.from({ length: 12 }, (_, i) => `Concurrent run ${i}`);
      for (const subject of subjects) {
        const made = await create({ subject });
        await dueAt(made.id, '2030-06-01T06:00:00Z');
      }
      const now = new Date('2030-06-01T06:00:00Z');
      const due = await t.app.db.$count(
        scheduledTickets,
        and(eq(scheduledTickets.paused, false), lte(scheduledTickets.nextRunAt, now)),
      );
      const handled = await Promise.all([
        t.app.sweepScheduledTickets(now),
        t.app.sweepScheduledTickets(now),
        t.app.sweepScheduledTickets(now),
      ]);
      expect(handled.reduce((a, b) => a + b, 0)).toBe(due);
      const counts = await t.app.db
        .select({ subject: tickets.subject, n: sql<number>`count(*)::int` })
        .from(tickets)
        .where(sql`${tickets.subject} like 'Concurrent run %'`)
        .groupBy(tickets.subject);
      expect(counts).toHaveLength(subjects.length);
      expect(counts.every((c) => c.n === 1)).toBe(true);
    });
  });
});
