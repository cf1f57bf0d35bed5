import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, closedDays, tickets, ticketSlas } from '../../db/schema.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { isWorkday, nextWorkdays, todayNumber } from '../../test/workdays.ts';
import {
  addBusinessMinutes,
  dateOfDay,
  type BusinessHours,
} from '../../../shared/business-hours.ts';
import { company } from '../../../shared/company.ts';
import { CLOSED_DAY_MESSAGES } from '../../../shared/schemas/sla.ts';

const hours: BusinessHours = company.businessHours;

describe('closed days on the SLA clock (ADR 035 addendum)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;

  const call =
    (cookie: () => string) => (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: cookie() } });
  const staff = call(() => ctx.staffCookie);
  const customer = call(() => ctx.customerCookie);
  const openTicket = async (priority: 'high' | 'low') => {
    const res = await customer('POST', `/api/customers/${ctx.acmeId}/tickets`, {
      subject: 'Closed-day probe',
      description: 'Does the clock stop on a holiday?',
      priority,
      category: 'Hardware',
      department: 'IT Support',
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id.toUpperCase();
  };
  const clockOf = async (id: string) => {
    const [ticket] = await t.app.db.select().from(tickets).where(eq(tickets.id, id));
    const [clock] = await t.app.db.select().from(ticketSlas).where(eq(ticketSlas.ticketId, id));
    return { openedAt: ticket!.createdAt, ...clock! };
  };
  const lastAudit = async (action: string) =>
    (
      await t.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, action))
        .orderBy(desc(auditLog.createdAt))
        .limit(1)
    )[0];

  it('a closed day moves running clocks and starts new ones around it; removing it moves them back', async () => {
    const [holiday = ''] = nextWorkdays(1);
    const closed = { ...hours, closedDays: [holiday] };
    const before = await openTicket('low');
    // A ticket whose first response is given keeps that target's due instant.
    const answered = await openTicket('high');
    const reply = await staff('POST', `/api/staff/tickets/${answered}/replies`, {
      message: 'Looking at it.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const answeredBefore = await clockOf(answered);
    // It has waited 90 business minutes on its customer (pending): a move keeps that wait.
    await t.app.db
      .update(ticketSlas)
      .set({ pausedMinutes: 90 })
      .where(eq(ticketSlas.ticketId, answered));

    const added = await staff('POST', '/api/staff/closed-days', {
      day: holiday,
      name: '  Founders Day ',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ day: holiday, name: 'Founders Day' });
    expect((await staff('GET', '/api/staff/closed-days')).json()).toContainEqual({
      day: holiday,
      name: 'Founders Day',
    });

    // 72 business hours always span the next working day: the running clock moved by its window.
    const moved = await clockOf(before);
    expect(moved.resolutionDueAt).toEqual(addBusinessMinutes(moved.openedAt, 4320, closed));
    expect(moved.resolutionDueAt).not.toEqual(addBusinessMinutes(moved.openedAt, 4320, hours));
    expect(moved.firstResponseDueAt).toEqual(addBusinessMinutes(moved.openedAt, 480, closed));
    expect(moved.resolutionAtRiskAt).toEqual(
      addBusinessMinutes(moved.openedAt, 4320 * 0.75, closed),
    );
    const answeredAfter = await clockOf(answered);
    expect(answeredAfter.firstResponseDueAt).toEqual(answeredBefore.firstResponseDueAt);
    expect(answeredAfter.resolutionDueAt).toEqual(
      addBusinessMinutes(answeredAfter.openedAt, 480 + 90, closed),
    );
    const audit = await lastAudit('closed_day.create');
    expect(audit).toMatchObject({ entityType: 'closed_day', entityId: holiday, customerId: null });
    expect(audit!.details).toMatchObject({ name: 'Founders Day' });

    // A ticket opened now counts around the closed day from the start.
    const after = await openTicket('low');
    const fresh = await clockOf(after);
    expect(fresh.resolutionDueAt).toEqual(addBusinessMinutes(fresh.openedAt, 4320, closed));

    const removed = await staff('DELETE', `/api/staff/closed-days/${holiday}`);
    expect(removed.statusCode, removed.body).toBe(204);
    const back = await clockOf(before);
    expect(back.resolutionDueAt).toEqual(addBusinessMinutes(back.openedAt, 4320, hours));
    expect(await lastAudit('closed_day.delete')).toMatchObject({ entityId: holiday });
    const again = await staff('DELETE', `/api/staff/closed-days/${holiday}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: CLOSED_DAY_MESSAGES.unknown });
  });

  it('refuses bad days and names with a message and stores nothing', async () => {
    const [, workday = ''] = nextWorkdays(2);
    const today = todayNumber();
    let weekend = today;
    while (isWorkday(weekend)) weekend++;
    let farAhead = today + 2 * 366 + 1;
    while (!isWorkday(farAhead)) farAhead++;
    let longAgo = today - 367;
    while (!isWorkday(longAgo)) longAgo--;
    const cases: Array<[object, number, string]> = [
      [{ day: '2026-02-30', name: 'X' }, 400, CLOSED_DAY_MESSAGES.date],
      [{ day: '30/11/2026', name: 'X' }, 400, CLOSED_DAY_MESSAGES.date],
      [{ name: 'X' }, 400, CLOSED_DAY_MESSAGES.date],
      [{ day: dateOfDay(weekend), name: 'X' }, 400, CLOSED_DAY_MESSAGES.weekday],
      [{ day: dateOfDay(farAhead), name: 'X' }, 400, CLOSED_DAY_MESSAGES.window],
      [{ day: dateOfDay(longAgo), name: 'X' }, 400, CLOSED_DAY_MESSAGES.window],
      [{ day: workday, name: '   ' }, 400, CLOSED_DAY_MESSAGES.name],
      [{ day: workday, name: 'x'.repeat(81) }, 400, CLOSED_DAY_MESSAGES.nameLong],
    ];
    for (const [body, status, message] of cases) {
      const res = await staff('POST', '/api/staff/closed-days', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    expect(await t.app.db.select().from(closedDays)).toEqual([]);

    expect(
      (await staff('POST', '/api/staff/closed-days', { day: workday, name: 'A' })).statusCode,
    ).toBe(201);
    const twice = await staff('POST', '/api/staff/closed-days', { day: workday, name: 'B' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: CLOSED_DAY_MESSAGES.taken });
    for (const bad of ['nonsense', '2026-02-30', `${workday}x`]) {
      const res = await staff('DELETE', `/api/staff/closed-days/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: CLOSED_DAY_MESSAGES.date });
    }
    expect(await t.app.db.select().from(closedDays)).toEqual([
      expect.objectContaining({ day: workday, name: 'A' }),
    ]);
    await t.app.db.delete(closedDays).where(and(eq(closedDays.day, workday)));
  });

  it('is staff-only: customers 403, signed out 401, nothing changes', async () => {
    const [day = ''] = nextWorkdays(1);
    for (const [method, url, body] of [
      ['GET', '/api/staff/closed-days', undefined],
      ['POST', '/api/staff/closed-days', { day, name: 'Sneaky' }],
      ['DELETE', `/api/staff/closed-days/${day}`, undefined],
    ] as const) {
      expect((await customer(method, url, body)).statusCode).toBe(403);
      const anon = await t.app.inject({ method, url, payload: body });
      expect(anon.statusCode).toBe(401);
    }
    expect(await t.app.db.select().from(closedDays)).toEqual([]);
  });
});
