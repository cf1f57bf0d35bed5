import { and, asc, eq, inArray, like } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  companySlaTargets,
  mailOutbox,
  slaAlerts,
  staffNotifications,
  tickets,
  ticketSlas,
  users,
} from '../../db/schema.ts';
import { badOwnTargets } from '../../test/sla-target-cases.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import type { HelpdeskTicket } from '../../../shared/schemas/staff-helpdesk.ts';
import type { StaffNotifications } from '../../../shared/schemas/staff-notifications.ts';
import type { CompanySlaTarget } from '../../../shared/schemas/sla.ts';
import { createTicket } from './tickets.ts';
import { sweepSlaAlerts } from './sla-alerts.ts';

const MIN = 60_000;
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MIN);

describe('SLA targets per company and the warnings before a breach (ADR 064)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let me: string;
  let colleague: string;
  let staffIds: string[];
  beforeAll(async () => {
    const [morgan] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'support@example.com'));
    me = morgan!.id;
    const [riley] = await t.app.db
      .insert(users)
      .values({
        email: 'riley.sla@example.com',
        firstName: 'Riley',
        lastName: 'Chen',
        role: 'staff',
        staffRole: 'agent',
      })
      .returning({ id: users.id });
    colleague = riley!.id;
    await t.app.db.insert(users).values({
      email: 'gone.sla@example.com',
      firstName: 'Gone',
      lastName: 'Agent',
      role: 'staff',
      staffRole: 'agent',
      active: false,
    });
    staffIds = (
      await t.app.db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.role, 'staff'),
            eq(users.active, true),
            inArray(users.staffRole, ['admin', 'agent']),
          ),
        )
    ).map((r) => r.id);
  });

  const sweep = (now: Date) =>
    t.app.db.transaction((tx) => sweepSlaAlerts(tx, 'https://portal.example', now));

  /** A ticket of `customerId` opened through the command (its clock from the company's targets). */
  const ticketOf = (
    customerId: string,
    priority: 'high' | 'normal' | 'low' = 'high',
    subject = `SLA alert probe ${priority}`,
  ) =>
    t.app.db.transaction((tx) =>
      createTicket(tx, {
        customerId,
        author: { id: me, name: 'Morgan Hayes', email: 'support@example.com' },
        channel: 'portal',
        input: {
          subject,
          description: 'Printer on fire',
          priority,
          category: 'Hardware',
          department: 'IT Support',
          private: false,
        },
      }),
    );

  /** A ticket whose first response is at risk at base+10 min and due at base+20 min. */
  const clockAt = async (base: Date, extra: Partial<typeof ticketSlas.$inferInsert> = {}) => {
    const id = await ticketOf(ctx.acmeId);
    await t.app.db
      .update(ticketSlas)
      .set({
        firstResponseAtRiskAt: at(base, 10),
        firstResponseDueAt: at(base, 20),
        resolutionAtRiskAt: at(base, 100),
        resolutionDueAt: at(base, 200),
        ...extra,
      })
      .where(eq(ticketSlas.ticketId, id));
    return id;
  };
  /** Every clock so far (seed, earlier tests) told once, far ahead: a test counts its own. */
  const drain = () => sweep(new Date('2100-01-01T00:00:00Z'));
  const noticesOf = (ticketId: string) =>
    t.app.db
      .select()
      .from(staffNotifications)
      .where(eq(staffNotifications.ticketId, ticketId))
      .orderBy(asc(staffNotifications.createdAt));

  it('uses a company’s own targets for its new tickets; other companies and priorities keep the default; DELETE falls back', async () => {
    const url = `/api/staff/customers/${ctx.acmeId}/sla-targets`;
    const put = await t.request('PUT', url, [
      { priority: 'high', firstResponseMinutes: 30, resolutionMinutes: 120 },
    ]);
    expect(put.statusCode, put.body).toBe(200);
    const targets = put.json() as CompanySlaTarget[];
    expect(targets).toEqual([
      {
        priority: 'high',
        firstResponseMinutes: 30,
        resolutionMinutes: 120,
        source: 'company',
        own: { firstResponseMinutes: 30, resolutionMinutes: 120 },
      },
      {
        priority: 'normal',
        firstResponseMinutes: 240,
        resolutionMinutes: 1440,
        source: 'default',
        own: null,
      },
      {
        priority: 'low',
        firstResponseMinutes: 480,
        resolutionMinutes: 4320,
        source: 'default',
        own: null,
      },
    ]);
    expect((await t.request('GET', url)).json()).toEqual(targets);

    const clockOf = async (id: string) =>
      (await t.app.db.select().from(ticketSlas).where(eq(ticketSlas.ticketId, id)))[0]!;
    const acmeHigh = await clockOf(await ticketOf(ctx.acmeId, 'high'));
    expect(acmeHigh).toMatchObject({ firstResponseMinutes: 30, resolutionMinutes: 120 });
    const acmeNormal = await clockOf(await ticketOf(ctx.acmeId, 'normal'));
    expect(acmeNormal).toMatchObject({ firstResponseMinutes: 240, resolutionMinutes: 1440 });
    const globexHigh = await clockOf(await ticketOf(ctx.globexId, 'high'));
    expect(globexHigh).toMatchObject({ firstResponseMinutes: 60, resolutionMinutes: 480 });

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'company_sla_targets.update'));
    expect(audit).toMatchObject({ customerId: ctx.acmeId, actorName: 'Morgan Hayes' });

    const cleared = await t.request('DELETE', url);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((cleared.json() as CompanySlaTarget[]).every((r) => r.source === 'default')).toBe(true);
    // A change applies to new tickets: the running clock keeps its promise.
    expect(await clockOf(acmeHigh.ticketId)).toMatchObject({ firstResponseMinutes: 30 });
    const after = await clockOf(await ticketOf(ctx.acmeId, 'high'));
    expect(after).toMatchObject({ firstResponseMinutes: 60, resolutionMinutes: 480 });
  });

  it('refuses bad overrides with a clear 400 and unknown companies with 404, storing nothing', async () => {
    const url = `/api/staff/customers/${ctx.acmeId}/sla-targets`;
    const bad = [[[], 'Give targets for at least one priority'], ...badOwnTargets] as const;
    for (const [body, message] of bad) {
      const res = await t.request('PUT', url, body);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { message: string }).message).toContain(message);
    }
    expect(
      await t.app.db
        .select()
        .from(companySlaTargets)
        .where(eq(companySlaTargets.customerId, ctx.acmeId)),
    ).toEqual([]);
    const missing = '/api/staff/customers/00000000-0000-4000-8000-000000000000/sla-targets';
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.request(method, missing);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Company not found' });
    }
    expect((await t.request('GET', url, undefined, ctx.customerCookie)).statusCode).toBe(403);
  });

  it('warns the assignee once at 75 %, and once again on the breach, in the workspace and by mail', async () => {
    await drain();
    const base = new Date('2030-01-07T15:00:00Z');
    const id = await clockAt(base);
    await t.app.db.update(tickets).set({ assignedToUserId: colleague }).where(eq(tickets.id, id));

    expect(await sweep(at(base, 9))).toBe(0);
    expect(await sweep(at(base, 10))).toBe(1);
    expect(await sweep(at(base, 11))).toBe(0);
    let notices = await noticesOf(id);
    expect(notices.map((n) => [n.userId, n.clock, n.kind])).toEqual([
      [colleague, 'first-response', 'warning'],
    ]);
    const mails = await t.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'riley.sla@example.com'), like(mailOutbox.subject, `${id}:%`)));
    expect(mails.map((m) => m.subject)).toEqual([`${id}: First response target 75 % used`]);
    expect(mails[0]!.text).toContain('CST');
    // The mail opens the ticket's own screen, as the bell's notice does.
    expect(mails[0]!.text).toContain(`/staff/tickets/${id}`);

    expect(await sweep(at(base, 20))).toBe(1);
    expect(await sweep(at(base, 25))).toBe(0);
    notices = await noticesOf(id);
    expect(notices.map((n) => n.kind)).toEqual(['warning', 'breach']);
    expect(notices[1]!.dueAt).toEqual(at(base, 20));
  });

  it('tells the whole active team when unassigned, and only the breach when first seen breached', async () => {
    await drain();
    const base = new Date('2030-01-08T15:00:00Z');
    const id = await clockAt(base);
    expect(await sweep(at(base, 30))).toBe(1);
    const notices = await noticesOf(id);
    expect(notices.every((n) => n.kind === 'breach' && n.clock === 'first-response')).toBe(true);
    expect(notices.map((n) => n.userId).sort()).toEqual([...staffIds].sort());
    // The warning is recorded, so it never comes after its breach.
    const claims = await t.app.db.select().from(slaAlerts).where(eq(slaAlerts.ticketId, id));
    expect(claims.map((c) => c.kind).sort()).toEqual(['breach', 'warning']);
    expect(await sweep(at(base, 31))).toBe(0);
  });

  it('says nothing for a met target, a paused one, or a closed ticket', async () => {
    await drain();
    const base = new Date('2030-01-09T15:00:00Z');
    const met = await clockAt(base, { firstRespondedAt: at(base, 5) });
    const paused = await clockAt(base, { firstRespondedAt: at(base, 5), pausedAt: at(base, 50) });
    const closed = await clockAt(base, { resolvedAt: at(base, 5) });
    const ids = [met, paused, closed];
    // Past the first response's due, before the resolution's warning: nothing for the met one.
    await sweep(at(base, 50));
    expect(await t.app.db.select().from(slaAlerts).where(inArray(slaAlerts.ticketId, ids))).toEqual(
      [],
    );
    // Past the resolution's due: the paused one and the closed one still say nothing.
    await sweep(at(base, 300));
    const claims = await t.app.db.select().from(slaAlerts).where(inArray(slaAlerts.ticketId, ids));
    expect(claims.map((c) => [c.ticketId, c.clock, c.kind]).sort()).toEqual(
      [
        [met, 'resolution', 'breach'],
        [met, 'resolution', 'warning'],
      ].sort(),
    );
  });

  it('notifies once when two sweeps run at the same time', async () => {
    await drain();
    const base = new Date('2030-01-10T15:00:00Z');
    const id = await clockAt(base);
    await t.app.db.update(tickets).set({ assignedToUserId: me }).where(eq(tickets.id, id));
    const made = await Promise.all([sweep(at(base, 12)), sweep(at(base, 12)), sweep(at(base, 13))]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await noticesOf(id)).length).toBe(1);
  });

  it('lists each staff member’s own notices, newest first, and marks them read', async () => {
    await drain();
    const base = new Date('2030-01-11T15:00:00Z');
    const id = await clockAt(base);
    await t.app.db.update(tickets).set({ assignedToUserId: me }).where(eq(tickets.id, id));
    await sweep(at(base, 10));
    await sweep(at(base, 20));
    const list = (await t.request('GET', '/api/staff/notifications')).json() as StaffNotifications;
    const mine = list.items.filter((n) => n.about === 'ticket' && n.ticketId === id);
    expect(mine.map((n) => n.kind)).toEqual(['breach', 'warning']);
    expect(mine[0]).toMatchObject({ clock: 'first-response', companyName: expect.any(String) });
    expect(list.unread).toBeGreaterThanOrEqual(2);

    // Another's notice id changes nothing of theirs.
    const [theirs] = await t.app.db
      .select()
      .from(staffNotifications)
      .where(eq(staffNotifications.userId, colleague));
    const res = await t.request('POST', '/api/staff/notifications/read', {
      ids: [mine[1]!.id, theirs!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as StaffNotifications;
    expect(after.unread).toBe(list.unread - 1);
    const [still] = await t.app.db
      .select()
      .from(staffNotifications)
      .where(eq(staffNotifications.id, theirs!.id));
    expect(still!.readAt).toBeNull();

    const none = await t.request('POST', '/api/staff/notifications/read', {});
    expect(none.json()).toEqual({ message: 'Say which notifications to mark read' });
    const all = await t.request('POST', '/api/staff/notifications/read', { all: true });
    expect((all.json() as StaffNotifications).unread).toBe(0);
    const badIds = await t.request('POST', '/api/staff/notifications/read', { ids: ['nope'] });
    expect(badIds.statusCode).toBe(400);
    expect(
      (await t.request('GET', '/api/staff/notifications', undefined, ctx.customerCookie))
        .statusCode,
    ).toBe(403);
  });

  it('the queue’s badge and the sweep read one rule, over any clock (property)', async () => {
    const minutes = fc.integer({ min: 2, max: 600 });
    const offset = fc.integer({ min: -600, max: 600 }).filter((n) => Math.abs(n) >= 2);
    const clockArb = fc.record({
      frAtRisk: offset,
      frLeft: minutes,
      resAtRisk: offset,
      resLeft: minutes,
      responded: fc.boolean(),
      paused: fc.boolean(),
    });
    const pool: string[] = [];
    for (let i = 0; i < 4; i++) pool.push(await ticketOf(ctx.acmeId, 'high', 'Property pool'));
    await fc.assert(
      fc.asyncProperty(fc.array(clockArb, { minLength: 4, maxLength: 4 }), async (clocks) => {
        await t.app.db.delete(slaAlerts).where(inArray(slaAlerts.ticketId, pool));
        const now = new Date();
        for (const [i, c] of clocks.entries())
          await t.app.db
            .update(ticketSlas)
            .set({
              firstResponseAtRiskAt: at(now, c.frAtRisk),
              firstResponseDueAt: at(now, c.frAtRisk + c.frLeft),
              resolutionAtRiskAt: at(now, c.resAtRisk),
              resolutionDueAt: at(now, c.resAtRisk + c.resLeft),
              firstRespondedAt: c.responded ? at(now, -1000) : null,
              pausedAt: c.paused ? at(now, -1000) : null,
              resolvedAt: null,
            })
            .where(eq(ticketSlas.ticketId, pool[i]!));
        const queue = await t.request('GET', '/api/staff/tickets?q=Property%20pool');
        const rows = queue.json() as HelpdeskTicket[];
        await sweep(new Date());
        const claims = await t.app.db
          .select()
          .from(slaAlerts)
          .where(inArray(slaAlerts.ticketId, pool));
        for (const id of pool) {
          const sla = rows.find((r) => r.id === id)?.sla;
          expect(sla).toBeTruthy();
          const mine = claims
            .filter((c) => c.ticketId === id && c.clock === sla!.clock)
            .map((c) => c.kind)
            .sort();
          const expected = {
            'on-track': [],
            paused: [],
            'at-risk': ['warning'],
            breached: ['breach', 'warning'],
          }[sla!.state];
          expect(mine).toEqual(expected);
        }
      }),
      { numRuns: 25 },
    );
  });
});
