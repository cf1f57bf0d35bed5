import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, auditLog, tickets, ticketSlas } from '../../db/schema.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { addBusinessMinutes } from '../../../shared/business-hours.ts';
import { company } from '../../../shared/company.ts';
import type { HelpdeskTicket } from '../../../shared/schemas/staff-helpdesk.ts';

const HOUR = 3_600_000;

// Issue 38 item 2, first part (ADR 059): priority, category and department, and the SLA rule.
describe('staff change priority, category and department', () => {
  const t = useStaffTestApp();
  const { ctx } = t;

  const openTicket = async (priority: 'high' | 'normal' | 'low') => {
    const res = await t.request(
      'POST',
      `/api/customers/${ctx.acmeId}/tickets`,
      {
        subject: 'Change probe',
        description: 'The scanner is slow',
        priority,
        category: 'Hardware',
        department: 'IT Support',
      },
      ctx.customerCookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  const change = (id: string, payload: object) =>
    t.request('PATCH', `/api/staff/tickets/${id}`, payload);
  const clockOf = async (id: string) =>
    (await t.app.db.select().from(ticketSlas).where(eq(ticketSlas.ticketId, id)))[0]!;
  const openedAt = async (id: string) =>
    (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0]!.createdAt;
  const due = (from: Date, minutes: number) =>
    addBusinessMinutes(from, minutes, company.businessHours);

  it('counts both open targets again from the opening with the new priority', async () => {
    const id = await openTicket('low');
    const res = await change(id, { priority: 'high' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<HelpdeskTicket>()).toMatchObject({
      priority: 'high',
      sla: { clock: 'first-response', targetMinutes: 60 },
    });
    const opened = await openedAt(id);
    expect(await clockOf(id)).toMatchObject({
      firstResponseMinutes: 60,
      resolutionMinutes: 480,
      firstResponseDueAt: due(opened, 60),
      resolutionDueAt: due(opened, 480),
      firstResponseAtRiskAt: due(opened, 60 * 0.75),
      resolutionAtRiskAt: due(opened, 480 * 0.75),
    });
  });

  it('breaches a ticket at once when raised after the new target passed', async () => {
    const id = await openTicket('low');
    // Opened a week ago: a high ticket's hour has long gone.
    const weekAgo = new Date(Date.now() - 7 * 24 * HOUR);
    await t.app.db.update(tickets).set({ createdAt: weekAgo }).where(eq(tickets.id, id));
    const res = await change(id, { priority: 'high' });
    expect(res.json<HelpdeskTicket>().sla).toMatchObject({
      state: 'breached',
      dueAt: due(weekAgo, 60).toISOString(),
    });
  });

  it('keeps a met first response and a breach already past due as they were', async () => {
    // Met: the first reply came; only the resolution target moves.
    const answered = await openTicket('normal');
    const reply = await t.request('POST', `/api/staff/tickets/${answered}/replies`, {
      message: 'Looking into it.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const metBefore = await clockOf(answered);
    await change(answered, { priority: 'low' });
    const met = await clockOf(answered);
    expect(met.firstResponseDueAt).toEqual(metBefore.firstResponseDueAt);
    expect(met.firstResponseMinutes).toBe(240);
    expect([met.resolutionMinutes, met.resolutionDueAt]).toEqual([
      4320,
      due(await openedAt(answered), 4320),
    ]);
    // Breached: lowering the priority does not give the missed hour back.
    const late = await openTicket('high');
    const pastDue = new Date(Date.now() - HOUR);
    await t.app.db
      .update(ticketSlas)
      .set({ firstResponseDueAt: pastDue, firstResponseAtRiskAt: pastDue })
      .where(eq(ticketSlas.ticketId, late));
    const res = await change(late, { priority: 'low' });
    expect(res.json<HelpdeskTicket>().sla).toMatchObject({ state: 'breached', targetMinutes: 60 });
    expect((await clockOf(late)).firstResponseDueAt).toEqual(pastDue);
  });

  it('leaves a closed ticket’s clock alone, also when closed in the same change', async () => {
    const id = await openTicket('normal');
    const before = await clockOf(id);
    await change(id, { status: 'closed' });
    await change(id, { priority: 'high' });
    const after = await clockOf(id);
    expect([after.resolutionMinutes, after.resolutionDueAt]).toEqual([
      before.resolutionMinutes,
      before.resolutionDueAt,
    ]);
    const both = await openTicket('normal');
    const res = await change(both, { priority: 'high', status: 'closed' });
    expect(res.json<HelpdeskTicket>()).toMatchObject({ priority: 'high', status: 'closed' });
    expect((await clockOf(both)).resolutionMinutes).toBe(480);
  });

  it('writes an activity line per change and one audit entry with before and after', async () => {
    const id = await openTicket('normal');
    const res = await change(id, {
      priority: 'low',
      category: 'Network & Security',
      department: 'Security',
    });
    expect(res.json<HelpdeskTicket>()).toMatchObject({
      priority: 'low',
      category: 'Network & Security',
      department: 'Security',
    });
    const lines = await t.app.db
      .select({ title: activities.title })
      .from(activities)
      .where(eq(activities.customerId, ctx.acmeId))
      .orderBy(desc(activities.createdAt))
      .limit(3);
    expect(lines.map((l) => l.title).sort()).toEqual([
      `Ticket ${id} category changed to Network & Security`,
      `Ticket ${id} department changed to Security`,
      `Ticket ${id} priority changed to Low`,
    ]);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.update'), eq(auditLog.entityId, id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toEqual({
      priority: 'low',
      previousPriority: 'normal',
      category: 'Network & Security',
      previousCategory: 'Hardware',
      department: 'Security',
      previousDepartment: 'IT Support',
    });
    // The same values again change nothing: no line, no clock moved.
    const clock = await clockOf(id);
    await change(id, { priority: 'low', category: 'Network & Security' });
    const again = await t.app.db
      .select({ title: activities.title })
      .from(activities)
      .where(eq(activities.customerId, ctx.acmeId))
      .orderBy(desc(activities.createdAt))
      .limit(1);
    expect(again[0]!.title).toBe(`Ticket ${id} department changed to Security`);
    expect(await clockOf(id)).toEqual(clock);
  });

  it('refuses values outside the lists and changes nothing', async () => {
    const id = await openTicket('normal');
    for (const [payload, message] of [
      [{ priority: 'urgent' }, 'Priority must be high, normal or low'],
      [{ category: 'Coffee', priority: 'high' }, 'Category is required'],
      [{ department: 'Catering' }, 'Department is required'],
      [{}, 'Nothing to change'],
    ] as const) {
      const res = await change(id, payload);
      expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    }
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row).toMatchObject({ priority: 'normal', category: 'Hardware' });
    expect(await clockOf(id)).toMatchObject({ firstResponseMinutes: 240 });
    expect((await change(id, { priority: 'high' })).statusCode).toBe(200);
    const customer = await t.request(
      'PATCH',
      `/api/staff/tickets/${id}`,
      { priority: 'low' },
      ctx.customerCookie,
    );
    expect(customer.statusCode).toBe(403);
  });
});
