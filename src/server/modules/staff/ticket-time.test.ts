import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { selectRows, type Tx } from '../../db/client.ts';
import { auditLog, customerUsers, projects, tickets, timeEntries, users } from '../../db/schema.ts';
import { DEMO_STAFF_EMAIL } from '../../seed/demo.ts';
import { mergeTicket } from '../../services/helpdesk/merge-tickets.ts';
import { logTime } from '../../services/time-entries.ts';
import type { TicketTime } from '../../../shared/schemas/time-entries.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

describe('time logged on a ticket (issue 38)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const staff = t.request;

  let n = 0;
  /** A new open ticket of a company, by its seeded author. */
  async function newTicket(customerId: string): Promise<string> {
    const [author] = await t.app.db
      .select({ userId: customerUsers.userId })
      .from(customerUsers)
      .where(eq(customerUsers.customerId, customerId))
      .limit(1);
    const [row] = await t.app.db
      .insert(tickets)
      .values({
        customerId,
        subject: `Time case ${++n}`,
        description: 'Hours go here.',
        category: 'Hardware',
        department: 'IT Support',
        createdByUserId: author!.userId,
      })
      .returning({ id: tickets.id });
    return row!.id;
  }
  const log = (customerId: string, body: object) =>
    staff('POST', `/api/staff/customers/${customerId}/time-entries`, {
      workDate: '2026-03-02',
      hours: 1,
      ...body,
    });
  const timeOf = async (ticketId: string) =>
    (await staff('GET', `/api/staff/tickets/${ticketId}/time-entries`)).json<TicketTime>();
  const rows = async () => ({
    time: (await t.app.db.select({ n: count() }).from(timeEntries))[0]!.n,
    audit: (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n,
  });

  it('logs hours on a ticket through the company’s time write and totals them on the ticket', async () => {
    const ticketId = await newTicket(ctx.acmeId);
    const first = await log(ctx.acmeId, {
      ticketId: ticketId.toLowerCase(),
      hours: 1.25,
      description: 'Replaced the fuser',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ ticketId, hours: 1.25, loggedBy: 'Morgan Hayes' });
    expect(
      (await log(ctx.acmeId, { ticketId, workDate: '2026-03-03', hours: 0.1 })).statusCode,
    ).toBe(201);
    // Not the ticket's: the company's own hours.
    expect((await log(ctx.acmeId, { ticketId: '', hours: 3 })).statusCode).toBe(201);

    const time = await timeOf(ticketId);
    expect(time.totalHours).toBe(1.35);
    expect(time.entries.map((e) => [e.workDate, e.hours, e.description, e.loggedBy])).toEqual([
      ['2026-03-03', 0.1, '', 'Morgan Hayes'],
      ['2026-03-02', 1.25, 'Replaced the fuser', 'Morgan Hayes'],
    ]);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, first.json<{ id: string }>().id));
    expect(audit).toMatchObject({ action: 'time_entry.create', customerId: ctx.acmeId });
    expect(audit?.details).toMatchObject({ ticketId, hours: '1.25' });

    // The company page's list names the ticket.
    const list = (await staff('GET', `/api/staff/customers/${ctx.acmeId}/time-entries`)).json<
      Array<{ id: string; ticketId: string | null }>
    >();
    expect(list.find((e) => e.id === first.json<{ id: string }>().id)?.ticketId).toBe(ticketId);

    const none = await newTicket(ctx.acmeId);
    expect(await timeOf(none)).toEqual({ totalHours: 0, entries: [] });
    const missing = await staff('GET', '/api/staff/tickets/TK-999999999/time-entries');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Ticket not found' });
  });

  it('refuses a ticket of another company (or none there) with 400, writing nothing', async () => {
    const globex = await newTicket(ctx.globexId);
    const before = await rows();
    for (const ticketId of [globex, globex.toLowerCase(), 'TK-999999999']) {
      const res = await log(ctx.acmeId, { ticketId });
      expect(res.statusCode, ticketId).toBe(400);
      expect(res.json()).toEqual({ message: 'Ticket is not of this company' });
    }
    const garbage = await log(ctx.acmeId, { ticketId: 'DROP TABLE' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({ message: 'Ticket is not of this company' });
    expect(await rows()).toEqual(before);
    expect(await timeOf(globex)).toEqual({ totalHours: 0, entries: [] });
  });

  it('refuses a merged ticket with 409 and its survivor', async () => {
    const [from, into] = [await newTicket(ctx.acmeId), await newTicket(ctx.acmeId)];
    const merged = await staff('POST', `/api/staff/tickets/${from}/merge`, { intoTicketId: into });
    expect(merged.statusCode, merged.body).toBe(200);
    const before = await rows();
    const res = await log(ctx.acmeId, { ticketId: from });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `Ticket ${from} is already merged into ${into}` });
    expect(await rows()).toEqual(before);
  });

  it('moves a ticket’s hours with the ticket to its new company, without the old company’s project', async () => {
    const ticketId = await newTicket(ctx.acmeId);
    const [project] = await t.app.db
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.customerId, ctx.acmeId))
      .limit(1);
    const logged = await log(ctx.acmeId, { ticketId, projectId: project!.id });
    expect(logged.statusCode, logged.body).toBe(201);
    const [author] = await t.app.db
      .select({ userId: tickets.createdByUserId })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    await t.app.db
      .insert(customerUsers)
      .values({ userId: author!.userId!, customerId: ctx.globexId, role: 'member' });
    const moved = await staff('PATCH', `/api/staff/tickets/${ticketId}`, {
      customerId: ctx.globexId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [entry] = await t.app.db
      .select()
      .from(timeEntries)
      .where(eq(timeEntries.id, logged.json<{ id: string }>().id));
    expect(entry).toMatchObject({ customerId: ctx.globexId, ticketId, projectId: null });
  });

  /**
   * Runs `work` in a transaction that stays open (its locks held) until the answer's `release`.
   * Only PostgreSQL has a second connection to race with; PGlite runs one write at a time.
   */
  async function holding(work: (tx: Tx) => Promise<unknown>) {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let done!: () => void;
    const worked = new Promise<void>((r) => (done = r));
    const finished = t.app.write(async (tx) => {
      await work(tx);
      done();
      await held;
    });
    await worked;
    return { release, finished };
  }
  /** Until one statement of the test's database waits on a row lock. */
  const someoneWaits = () =>
    vi.waitFor(
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
  const staffActor = async () => {
    const [me] = await t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
    return { id: me!.id, name: 'Morgan Hayes', email: me!.email };
  };

  it.skipIf(!process.env.DATABASE_URL)(
    'races a merge both ways: the entry either waits and moves to the survivor, or waits and is refused',
    async () => {
      const actor = await staffActor();
      const entry = {
        workDate: '2026-03-02',
        hours: 1,
        description: '',
        projectId: null,
        agreementId: null,
        billable: true,
      };

      // The entry first: the merge waits for it, then moves it.
      const [a, b] = [await newTicket(ctx.acmeId), await newTicket(ctx.acmeId)];
      const logging = await holding((tx) =>
        logTime(tx, actor, ctx.acmeId, { ...entry, ticketId: a }, 'http://localhost'),
      );
      const merging = staff('POST', `/api/staff/tickets/${a}/merge`, { intoTicketId: b });
      await someoneWaits();
      logging.release();
      await logging.finished;
      expect((await merging).statusCode).toBe(200);
      expect((await timeOf(b)).entries).toHaveLength(1);

      // The merge first: the entry waits for it, then is refused (read without the lock, it
      // would have been written on the merged ticket after the merge moved the others).
      const [c, d] = [await newTicket(ctx.acmeId), await newTicket(ctx.acmeId)];
      const merge = await holding((tx) => mergeTicket(tx, actor, { ticketId: c, intoTicketId: d }));
      const late = log(ctx.acmeId, { ticketId: c });
      await someoneWaits();
      merge.release();
      await merge.finished;
      const refused = await late;
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: `Ticket ${c} is already merged into ${d}` });
      expect(await timeOf(c)).toEqual({ totalHours: 0, entries: [] });
    },
  );
});
