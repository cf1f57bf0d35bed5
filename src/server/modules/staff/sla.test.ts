import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities, auditLog, slaTargets, tickets, ticketSlas, users } from '../../db/schema.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { addBusinessMinutes, businessMinutesBetween } from '../../../shared/business-hours.ts';
import { company } from '../../../shared/company.ts';
import type { HelpdeskTicket } from '../../../shared/schemas/staff-helpdesk.ts';

describe('assignment and SLAs', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let me: string;
  let colleague: string;
  let formerColleague: string;
  let customerUserId: string;
  beforeAll(async () => {
    const [morgan] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'support@example.com'));
    me = morgan!.id;
    const made = await t.app.db
      .insert(users)
      .values([
        {
          email: 'riley@example.com',
          firstName: 'Riley',
          lastName: 'Chen',
          role: 'staff',
          staffRole: 'admin',
        },
        {
          email: 'gone@example.com',
          firstName: 'Gone',
          lastName: 'Agent',
          role: 'staff',
          staffRole: 'admin',
          active: false,
        },
      ])
      .returning({ id: users.id });
    colleague = made[0]!.id;
    formerColleague = made[1]!.id;
    const [jordan] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'jordan.lee@acme-logistics.example'));
    customerUserId = jordan!.id;
  });

  const as =
    (cookie: () => string) =>
    (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: cookie() } });
  const staff = as(() => ctx.staffCookie);
  const customer = as(() => ctx.customerCookie);
  const queue = async (query = '') => {
    const res = await staff('GET', `/api/staff/tickets${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as HelpdeskTicket[];
  };
  const openTicket = async (priority: 'high' | 'normal' | 'low', subject = 'SLA probe') => {
    const res = await customer('POST', `/api/customers/${ctx.acmeId}/tickets`, {
      subject,
      description: 'The printer is on fire',
      priority,
      category: 'Hardware',
      department: 'IT Support',
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id.toUpperCase();
  };
  const inQueue = async (id: string) => (await queue()).find((x) => x.id.toUpperCase() === id)!;

  it('starts a clock in business hours from the target of the priority', async () => {
    for (const [priority, first, resolution] of [
      ['high', 60, 480],
      ['normal', 240, 1440],
      ['low', 480, 4320],
    ] as const) {
      const id = await openTicket(priority);
      const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, id));
      const [clock] = await t.app.db.select().from(ticketSlas).where(eq(ticketSlas.ticketId, id));
      const hours = company.businessHours;
      expect(clock).toMatchObject({
        firstResponseMinutes: first,
        resolutionMinutes: resolution,
        firstResponseDueAt: addBusinessMinutes(row!.createdAt, first, hours),
        resolutionDueAt: addBusinessMinutes(row!.createdAt, resolution, hours),
        firstRespondedAt: null,
        resolvedAt: null,
      });
      const shown = await inQueue(id);
      expect(shown.sla).toEqual({
        clock: 'first-response',
        targetMinutes: first,
        dueAt: clock!.firstResponseDueAt.toISOString(),
        pausedAt: null,
        state: 'on-track',
      });
      // "At risk" from the instant 25 % of the business time is left (75 % gone).
      expect(
        businessMinutesBetween(clock!.firstResponseAtRiskAt, clock!.firstResponseDueAt, hours),
      ).toBeCloseTo(first * 0.25, 6);
      expect(
        businessMinutesBetween(clock!.resolutionAtRiskAt, clock!.resolutionDueAt, hours),
      ).toBeCloseTo(resolution * 0.25, 6);
    }
  });

  it('moves to the resolution clock on the first staff reply, stops on close, runs again on reopen', async () => {
    const id = await openTicket('normal');
    expect(
      (
        await customer('POST', `/api/customers/${ctx.acmeId}/tickets/${id}/replies`, {
          message: 'More info',
        })
      ).statusCode,
    ).toBe(201);
    expect((await inQueue(id)).sla?.clock).toBe('first-response');
    expect(
      (await staff('POST', `/api/staff/tickets/${id}/replies`, { message: 'On it' })).statusCode,
    ).toBe(201);
    const [answered] = await t.app.db.select().from(ticketSlas).where(eq(ticketSlas.ticketId, id));
    expect(answered!.firstRespondedAt).not.toBeNull();
    expect((await inQueue(id)).sla).toMatchObject({ clock: 'resolution', targetMinutes: 1440 });
    await staff('POST', `/api/staff/tickets/${id}/replies`, { message: 'Still on it' });
    const [again] = await t.app.db.select().from(ticketSlas).where(eq(ticketSlas.ticketId, id));
    expect(again!.firstRespondedAt).toEqual(answered!.firstRespondedAt);

    expect(
      (await staff('PATCH', `/api/staff/tickets/${id}`, { status: 'closed' })).statusCode,
    ).toBe(200);
    expect((await inQueue(id)).sla).toBeNull();
    const detail = (await staff('GET', `/api/staff/tickets/${id}`)).json();
    expect(detail.slaTargets.firstResponse.met).toBe(true);
    expect(detail.slaTargets.resolution.met).toBe(true);
    await staff('PATCH', `/api/staff/tickets/${id}`, { status: 'open' });
    expect((await inQueue(id)).sla?.clock).toBe('resolution');
  });

  it('marks a clock at risk once its at-risk instant has passed, breached once due', async () => {
    const id = await openTicket('normal', 'Risk probe');
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const minutesAhead = (m: number) => new Date(Date.now() + m * 60_000);
    const set = (values: Partial<typeof ticketSlas.$inferInsert>) =>
      t.app.db.update(ticketSlas).set(values).where(eq(ticketSlas.ticketId, id));
    await set({ firstResponseAtRiskAt: minutesAgo(1), firstResponseDueAt: minutesAhead(30) });
    expect((await inQueue(id)).sla?.state).toBe('at-risk');
    await set({ firstResponseDueAt: minutesAgo(1) });
    expect((await inQueue(id)).sla?.state).toBe('breached');
    // After the first staff reply the resolution clock decides, still on track.
    await staff('POST', `/api/staff/tickets/${id}/replies`, { message: 'Looking' });
    expect((await inQueue(id)).sla).toMatchObject({ clock: 'resolution', state: 'on-track' });
    const detail = (await staff('GET', `/api/staff/tickets/${id}`)).json();
    expect(detail.slaTargets.firstResponse.met).toBe(false);
    await set({ resolutionAtRiskAt: minutesAgo(1) });
    expect((await inQueue(id)).sla?.state).toBe('at-risk');
    await staff('PATCH', `/api/staff/tickets/${id}`, { status: 'closed' });
    expect((await inQueue(id)).sla).toBeNull();
  });

  it('pauses the resolution clock while pending and the customer has the next word', async () => {
    const hours = company.businessHours;
    const id = await openTicket('normal', 'Pause probe');
    await staff('POST', `/api/staff/tickets/${id}/replies`, { message: 'Can you send a photo?' });
    const clock = async () =>
      (await t.app.db.select().from(ticketSlas).where(eq(ticketSlas.ticketId, id)))[0]!;
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, id));
    const start = await clock();

    expect(
      (await staff('PATCH', `/api/staff/tickets/${id}`, { status: 'pending' })).statusCode,
    ).toBe(200);
    const paused = await clock();
    expect(paused.pausedAt).not.toBeNull();
    const shown = await inQueue(id);
    expect(shown.sla).toMatchObject({ clock: 'resolution', state: 'paused' });
    expect(shown.sla?.pausedAt).toBe(paused.pausedAt!.toISOString());
    // Paused clocks sort after the running ones and are never "breached", even once past due.
    await t.app.db
      .update(ticketSlas)
      .set({ resolutionDueAt: new Date(Date.now() - 60_000) })
      .where(eq(ticketSlas.ticketId, id));
    expect((await queue('?sla=breached')).map((x) => x.id.toUpperCase())).not.toContain(id);
    const detail = (await staff('GET', `/api/staff/tickets/${id}`)).json();
    expect(detail.slaTargets.resolution.met).toBeNull();
    expect(detail.slaTargets.pausedAt).toBe(paused.pausedAt!.toISOString());
    await t.app.db
      .update(ticketSlas)
      .set({ resolutionDueAt: start.resolutionDueAt })
      .where(eq(ticketSlas.ticketId, id));

    // Waiting since `since`, then `act`: the business minutes waited lie between those counted
    // to just before and just after it (the server counts to its transaction's now()).
    const waited = async (since: Date, act: () => Promise<number>) => {
      await t.app.db.update(ticketSlas).set({ pausedAt: since }).where(eq(ticketSlas.ticketId, id));
      const before = new Date();
      expect(await act()).toBeLessThan(300);
      const after = new Date();
      return [before, after].map((at) => Math.round(businessMinutesBetween(since, at, hours)));
    };
    const between = (value: number, [least, most]: number[]) => {
      expect(value).toBeGreaterThanOrEqual(least!);
      expect(value).toBeLessThanOrEqual(most!);
    };

    // The customer answers a week later (portal): the clock runs again, its target counted that
    // many business minutes later; the status stays pending (the portal changes none).
    const week = await waited(new Date(Date.now() - 7 * 86_400_000), async () => {
      const res = await customer('POST', `/api/customers/${ctx.acmeId}/tickets/${id}/replies`, {
        message: 'Photo attached',
      });
      return res.statusCode;
    });
    const resumed = await clock();
    expect(resumed.pausedAt).toBeNull();
    expect(week[0]).toBeGreaterThan(0);
    between(resumed.pausedMinutes, week);
    expect(resumed.resolutionDueAt).toEqual(
      addBusinessMinutes(row!.createdAt, 1440 + resumed.pausedMinutes, hours),
    );
    expect(
      businessMinutesBetween(resumed.resolutionAtRiskAt, resumed.resolutionDueAt, hours),
    ).toBeCloseTo(1440 * 0.25, 6);
    expect(resumed.firstResponseDueAt).toEqual(start.firstResponseDueAt);
    expect((await inQueue(id)).sla).toMatchObject({ state: 'on-track', pausedAt: null });
    const [still] = await t.app.db.select().from(tickets).where(eq(tickets.id, id));
    expect(still!.status).toBe('pending');

    // Staff answer on the pending ticket: waiting again; leaving pending adds the second wait.
    await staff('POST', `/api/staff/tickets/${id}/replies`, { message: 'Thanks, one more?' });
    expect((await clock()).pausedAt).not.toBeNull();
    const day = await waited(
      new Date(Date.now() - 86_400_000),
      async () =>
        (await staff('PATCH', `/api/staff/tickets/${id}`, { status: 'closed' })).statusCode,
    );
    const closed = await clock();
    expect(closed.pausedAt).toBeNull();
    between(closed.pausedMinutes - resumed.pausedMinutes, day);
    expect(closed.resolvedAt).not.toBeNull();
    expect(closed.resolutionDueAt).toEqual(
      addBusinessMinutes(row!.createdAt, 1440 + closed.pausedMinutes, hours),
    );
    const done = (await staff('GET', `/api/staff/tickets/${id}`)).json();
    expect(done.slaTargets).toMatchObject({ pausedAt: null, resolution: { met: true } });
  });

  it('never pauses a target already missed, nor a closed ticket', async () => {
    const id = await openTicket('high', 'Late pause probe');
    await staff('POST', `/api/staff/tickets/${id}/replies`, { message: 'Looking' });
    const late = new Date(Date.now() - 60_000);
    await t.app.db
      .update(ticketSlas)
      .set({ resolutionDueAt: late })
      .where(eq(ticketSlas.ticketId, id));
    await staff('PATCH', `/api/staff/tickets/${id}`, { status: 'pending' });
    const [clock] = await t.app.db.select().from(ticketSlas).where(eq(ticketSlas.ticketId, id));
    expect(clock).toMatchObject({ pausedAt: null, resolutionDueAt: late });
    expect((await inQueue(id)).sla?.state).toBe('breached');
    expect((await staff('GET', `/api/staff/tickets/${id}`)).json().slaTargets.resolution.met).toBe(
      false,
    );

    // A customer cannot pause anything: the portal changes no status.
    const other = await openTicket('normal', 'Customer pause probe');
    const refused = await customer('PATCH', `/api/staff/tickets/${other}`, { status: 'pending' });
    expect(refused.statusCode).toBe(403);
    const [untouched] = await t.app.db
      .select()
      .from(ticketSlas)
      .where(eq(ticketSlas.ticketId, other));
    expect(untouched!.pausedAt).toBeNull();
  });

  it('filters breached tickets and sorts by time left', async () => {
    const late = await openTicket('high', 'Overdue probe');
    await t.app.db
      .update(ticketSlas)
      .set({ firstResponseDueAt: new Date(Date.now() - 60_000) })
      .where(eq(ticketSlas.ticketId, late));
    const breached = await queue('?sla=breached');
    expect(breached.map((x) => x.id.toUpperCase())).toContain(late);
    expect(breached.every((x) => x.sla?.state === 'breached' && x.status !== 'closed')).toBe(true);
    const fresh = await openTicket('low', 'Fresh probe');
    expect(breached.map((x) => x.id.toUpperCase())).not.toContain(fresh);

    const sorted = await queue('?sort=time-left');
    // Paused clocks (the demo's pending tickets) sort with the tickets without one.
    const dues = sorted.map((x) =>
      x.sla && x.sla.state !== 'paused' ? Date.parse(x.sla.dueAt) : Infinity,
    );
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    expect(sorted.at(-1)!.sla).toBeNull();
    expect(sorted.findIndex((x) => x.id.toUpperCase() === late)).toBeLessThan(
      sorted.findIndex((x) => x.id.toUpperCase() === fresh),
    );
    const bad = await staff('GET', '/api/staff/tickets?sla=late&sort=oldest');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });

  it('assigns and unassigns, on the activity card and in the audit log; filters mine and unassigned', async () => {
    const mine = await openTicket('normal', 'Mine probe');
    const theirs = await openTicket('normal', 'Theirs probe');
    const res = await staff('PATCH', `/api/staff/tickets/${mine}`, { assignedToUserId: me });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ assignedTo: 'Morgan Hayes', assignedToUserId: me });
    await staff('PATCH', `/api/staff/tickets/${theirs}`, { assignedToUserId: colleague });

    const myQueue = await queue('?assignee=me');
    expect(myQueue.map((x) => x.id.toUpperCase())).toContain(mine);
    expect(myQueue.every((x) => x.assignedToUserId === me)).toBe(true);
    const unassigned = await queue('?assignee=none');
    expect(unassigned.every((x) => x.assignedToUserId === null)).toBe(true);
    expect(unassigned.map((x) => x.id.toUpperCase())).not.toContain(theirs);

    const [assignedLine] = await t.app.db
      .select()
      .from(activities)
      .where(eq(activities.customerId, ctx.acmeId))
      .orderBy(desc(activities.createdAt))
      .limit(1);
    expect(assignedLine?.title).toBe(`Ticket ${theirs} assigned to Riley Chen`);
    await staff('PATCH', `/api/staff/tickets/${theirs}`, { assignedToUserId: null });
    const [unassignedLine] = await t.app.db
      .select()
      .from(activities)
      .where(eq(activities.customerId, ctx.acmeId))
      .orderBy(desc(activities.createdAt))
      .limit(1);
    expect(unassignedLine?.title).toBe(`Ticket ${theirs} unassigned`);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, theirs), eq(auditLog.action, 'ticket.update')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit?.details).toEqual({ assignedToUserId: null, previousAssignedToUserId: colleague });
    expect((await queue('?assignee=none')).map((x) => x.id.toUpperCase())).toContain(theirs);
  });

  it('refuses an assignee who is not an active staff user, changing nothing', async () => {
    const id = await openTicket('normal', 'Bad assignee probe');
    await staff('PATCH', `/api/staff/tickets/${id}`, { assignedToUserId: me });
    for (const [assignee, message] of [
      [customerUserId, 'Assignee must be an active staff member'],
      [formerColleague, 'Assignee must be an active staff member'],
      ['00000000-0000-4000-8000-000000000000', 'Assignee must be an active staff member'],
      ['not-a-user', 'Assignee not found'],
    ] as const) {
      const res = await staff('PATCH', `/api/staff/tickets/${id}`, {
        assignedToUserId: assignee,
        status: 'pending',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row).toMatchObject({ assignedToUserId: me, status: 'open' });
    const bogusFilter = await staff('GET', '/api/staff/tickets?assignee=someone');
    expect(bogusFilter.statusCode).toBe(400);
  });

  it('never lets a customer assign, read the queue or change targets', async () => {
    const id = await openTicket('normal', 'Customer assign probe');
    const assign = await customer('PATCH', `/api/staff/tickets/${id}`, {
      assignedToUserId: customerUserId,
    });
    expect(assign.statusCode).toBe(403);
    expect((await customer('GET', '/api/staff/tickets?assignee=me')).statusCode).toBe(403);
    expect((await customer('GET', '/api/staff/sla-targets')).statusCode).toBe(403);
    const put = await customer('PUT', '/api/staff/sla-targets', [
      { priority: 'high', firstResponseMinutes: 1, resolutionMinutes: 1 },
      { priority: 'normal', firstResponseMinutes: 1, resolutionMinutes: 1 },
      { priority: 'low', firstResponseMinutes: 1, resolutionMinutes: 1 },
    ]);
    expect(put.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row!.assignedToUserId).toBeNull();
    expect(await t.app.db.select().from(slaTargets)).toEqual([]);
    const anon = await t.app.inject({ method: 'GET', url: '/api/staff/sla-targets' });
    expect(anon.statusCode).toBe(401);
  });

  it('lets staff edit the targets (audited); new tickets use them, and customers read the first-response times', async () => {
    const defaults = (await staff('GET', '/api/staff/sla-targets')).json();
    expect(defaults).toEqual([
      { priority: 'high', firstResponseMinutes: 60, resolutionMinutes: 480 },
      { priority: 'normal', firstResponseMinutes: 240, resolutionMinutes: 1440 },
      { priority: 'low', firstResponseMinutes: 480, resolutionMinutes: 4320 },
    ]);
    const bad = [
      [defaults.slice(0, 2), 'Give targets for high, normal and low'],
      [[defaults[0], defaults[0], defaults[2]], 'Give targets for high, normal and low'],
      [
        [{ ...defaults[0], firstResponseMinutes: 600 }, defaults[1], defaults[2]],
        'A first response target cannot be longer than its resolution target',
      ],
      [
        [{ ...defaults[0], firstResponseMinutes: 0 }, defaults[1], defaults[2]],
        'First response must be at least 1 minute',
      ],
      [
        [{ ...defaults[0], resolutionMinutes: 90.5 }, defaults[1], defaults[2]],
        'Resolution must be a whole number of minutes',
      ],
      [
        [{ ...defaults[0], resolutionMinutes: 60_001 }, defaults[1], defaults[2]],
        'Resolution must be at most 1000 hours',
      ],
    ] as const;
    for (const [body, message] of bad) {
      const res = await staff('PUT', '/api/staff/sla-targets', body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await t.app.db.select().from(slaTargets)).toEqual([]);

    const before = await openTicket('high', 'Before the edit');
    const edited = [{ ...defaults[0], firstResponseMinutes: 30 }, defaults[1], defaults[2]];
    const put = await staff('PUT', '/api/staff/sla-targets', edited);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()[0]).toEqual({
      priority: 'high',
      firstResponseMinutes: 30,
      resolutionMinutes: 480,
    });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'sla_targets.update'));
    expect(audit?.actorName).toBe('Morgan Hayes');
    const id = await openTicket('high', 'After the edit');
    expect((await inQueue(id)).sla?.targetMinutes).toBe(30);
    // A ticket keeps the promise it was opened with.
    expect((await inQueue(before)).sla?.targetMinutes).toBe(60);

    const times = await customer('GET', `/api/customers/${ctx.acmeId}/tickets/response-times`);
    expect(times.statusCode).toBe(200);
    expect(times.json()).toEqual({
      businessHours: 'Mon-Fri 8 AM-6 PM',
      targets: [
        { priority: 'high', minutes: 30 },
        { priority: 'normal', minutes: 240 },
        { priority: 'low', minutes: 480 },
      ],
    });
    const other = await customer('GET', `/api/customers/${ctx.globexId}/tickets/response-times`);
    expect([403, 404]).toContain(other.statusCode);
  });
});
