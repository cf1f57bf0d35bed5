import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffTimers, tickets, timeEntries, users } from '../../db/schema.ts';
import {
  TIMER_MESSAGES,
  type StaffTimer,
  type StaffTimerState,
} from '../../../shared/schemas/staff-timer.ts';
import { STAFF_NO_ACCESS_MESSAGE } from '../../../shared/staff-permissions.ts';
import { DEMO_STAFF_EMAIL } from '../../seed/demo.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

/** Issue 40 item 2 (ADR 074): one timer per staff member, on the server. */
describe("a staff member's timer on a ticket", () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const call = t.request;
  let agent = '';
  let billing = '';
  let auditor = '';
  let morganId = '';

  beforeAll(async () => {
    agent = await sessionCookieFor(t.app, 'agent@example.com');
    billing = await sessionCookieFor(t.app, 'billing@example.com');
    auditor = await sessionCookieFor(t.app, 'auditor@example.com');
    const [morgan] = await t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
    morganId = morgan!.id;
  });

  const newTicket = async (subject = 'Timed work') => {
    const [row] = await t.app.db
      .insert(tickets)
      .values({
        customerId: ctx.acmeId,
        subject,
        description: 'For the timer test.',
        category: 'Hardware',
        department: 'IT Support',
      })
      .returning({ id: tickets.id });
    return row!.id;
  };
  const timer = async (cookie = ctx.staffCookie) =>
    (await call('GET', '/api/staff/timer', undefined, cookie)).json<StaffTimerState>().timer;
  /** The timer as if it had started `minutes` ago (no test waits real minutes). */
  const startedAgo = (minutes: number) =>
    t.app.db
      .update(staffTimers)
      .set({ runningSince: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(staffTimers.userId, morganId));

  it('starts, counts on the server, pauses, resumes and logs its time on the ticket, then ends', async () => {
    expect(await timer()).toBeNull();
    const ticketId = await newTicket('Printer timed');
    const started = await call('POST', '/api/staff/timer', { ticketId: ticketId.toLowerCase() });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json<StaffTimer>()).toMatchObject({
      ticketId,
      customerId: ctx.acmeId,
      subject: 'Printer timed',
      running: true,
    });
    await startedAgo(25);
    const running = await timer();
    expect(running?.running).toBe(true);
    expect(running?.elapsedSeconds).toBeGreaterThanOrEqual(25 * 60);
    expect(running?.elapsedSeconds).toBeLessThan(26 * 60);

    const paused = await call('POST', '/api/staff/timer/pause');
    expect(paused.statusCode, paused.body).toBe(200);
    const kept = paused.json<StaffTimer>().elapsedSeconds;
    expect(kept).toBeGreaterThanOrEqual(25 * 60);
    expect((await timer())?.elapsedSeconds).toBe(kept);
    expect((await call('POST', '/api/staff/timer/pause')).json()).toEqual({
      message: TIMER_MESSAGES.alreadyPaused,
    });

    expect((await call('POST', '/api/staff/timer/resume')).statusCode).toBe(200);
    expect((await call('POST', '/api/staff/timer/resume')).statusCode).toBe(409);
    // A second start, on any ticket, is refused while one runs.
    const other = await call('POST', '/api/staff/timer', { ticketId: await newTicket() });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: TIMER_MESSAGES.running(ticketId) });

    const logged = await call('POST', '/api/staff/timer/log', {
      workDate: '2026-02-02',
      hours: 0.42,
      description: 'Timed',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json()).toMatchObject({ ticketId, hours: 0.42, billable: true });
    expect(await timer()).toBeNull();
    const entries = await t.app.db
      .select()
      .from(timeEntries)
      .where(eq(timeEntries.ticketId, ticketId));
    expect(entries.map((e) => e.hours)).toEqual(['0.42']);
  });

  it('keeps the timer when the entry is refused, and ends it without time when discarded', async () => {
    const ticketId = await newTicket();
    expect((await call('POST', '/api/staff/timer', { ticketId })).statusCode).toBe(201);
    const refused = await call('POST', '/api/staff/timer/log', {
      workDate: '2026-02-02',
      hours: 25,
    });
    expect(refused.statusCode).toBe(400);
    expect((await timer())?.ticketId).toBe(ticketId);
    expect((await call('DELETE', '/api/staff/timer')).statusCode).toBe(204);
    expect(await timer()).toBeNull();
    expect(await t.app.db.$count(timeEntries, eq(timeEntries.ticketId, ticketId))).toBe(0);
    expect((await call('DELETE', '/api/staff/timer')).json()).toEqual({
      message: TIMER_MESSAGES.none,
    });
    expect((await call('POST', '/api/staff/timer/pause')).statusCode).toBe(404);
  });

  it("is each member's own; roles that log no time cannot start one; bad input writes nothing", async () => {
    const ticketId = await newTicket();
    expect((await call('POST', '/api/staff/timer', { ticketId }, agent)).statusCode).toBe(201);
    expect(await timer()).toBeNull();
    expect((await timer(agent))?.ticketId).toBe(ticketId);
    for (const cookie of [billing, auditor]) {
      const res = await call('POST', '/api/staff/timer', { ticketId }, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: STAFF_NO_ACCESS_MESSAGE });
    }
    const before = await t.app.db.$count(staffTimers);
    expect((await call('POST', '/api/staff/timer', {})).statusCode).toBe(400);
    expect((await call('POST', '/api/staff/timer', { ticketId: 'TK-99999999' })).statusCode).toBe(
      404,
    );
    const merged = await newTicket();
    await t.app.db
      .update(tickets)
      .set({ mergedIntoTicketId: ticketId })
      .where(eq(tickets.id, merged));
    expect((await call('POST', '/api/staff/timer', { ticketId: merged })).statusCode).toBe(409);
    expect(await t.app.db.$count(staffTimers)).toBe(before);
    expect((await call('DELETE', '/api/staff/timer', undefined, agent)).statusCode).toBe(204);
  });
});
