import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customerUsers, ticketReplies, tickets, users } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

// The seventh outside attack (issue 38): where the agent's day meets the older features. Each
// test is one finding, refused now with nothing changed.
describe('the agent’s day where features meet (seventh outside attack)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const staff = t.request;

  const idOf = async (email: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const ticketRow = async (id: string) =>
    (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;

  let n = 0;
  /** A ticket Jordan (Acme) opens in the portal. */
  async function jordansTicket(): Promise<string> {
    const res = await t.request(
      'POST',
      `/api/customers/${ctx.acmeId}/tickets`,
      {
        subject: `Edge ${++n}`,
        description: `Edge ${n}: the description`,
        category: 'Hardware',
        department: 'IT Support',
      },
      ctx.customerCookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  /** A new customer user of Acme only, with a ticket staff open for them by phone. */
  async function acmeOnlyTicket(): Promise<string> {
    const [pat] = await t.app.db
      .insert(users)
      .values({ email: `pat.${++n}@acme-logistics.example`, firstName: 'Pat', lastName: 'Acme' })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: pat!.id, customerId: ctx.acmeId, role: 'member' });
    const res = await staff('POST', '/api/staff/tickets', {
      customerId: ctx.acmeId,
      requesterUserId: pat!.id,
      subject: 'Only Acme may read this',
      description: 'Acme payroll server password reset',
      category: 'Hardware',
      department: 'IT Support',
      channel: 'phone',
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  const merge = (from: string, into: string) =>
    staff('POST', `/api/staff/tickets/${from}/merge`, { intoTicketId: into });

  it('a ticket holding another user’s messages moves only where they are users too (F1)', async () => {
    // Jordan is a user of both companies; a merge of an Acme-only user's ticket into Jordan's
    // brought that user's text along, and moving Jordan's ticket took it to Globex.
    await t.app.db
      .insert(customerUsers)
      .values({ userId: await idOf(DEMO_USERS.acme), customerId: ctx.globexId, role: 'member' });
    const [pats, jordans] = [await acmeOnlyTicket(), await jordansTicket()];
    expect((await merge(pats, jordans)).statusCode).toBe(200);
    const before = await ticketRow(jordans);
    const moved = await staff('PATCH', `/api/staff/tickets/${jordans}`, {
      customerId: ctx.globexId,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({
      message: 'Someone who wrote on this ticket is not a user of that company',
    });
    expect(await ticketRow(jordans)).toEqual(before);

    // A ticket only Jordan wrote on still moves to their other company.
    const own = await jordansTicket();
    const ownMove = await staff('PATCH', `/api/staff/tickets/${own}`, { customerId: ctx.globexId });
    expect(ownMove.statusCode, ownMove.body).toBe(200);
    await t.app.db
      .delete(customerUsers)
      .where(
        and(
          eq(customerUsers.userId, await idOf(DEMO_USERS.acme)),
          eq(customerUsers.customerId, ctx.globexId),
        ),
      );
  });

  it('a merged ticket is not reopened, rated, or answered on itself (F2, F5)', async () => {
    const [from, into] = [await jordansTicket(), await jordansTicket()];
    expect((await merge(from, into)).statusCode).toBe(200);
    const portal = `/api/customers/${ctx.acmeId}/tickets/${from}`;
    const before = await ticketRow(from);

    const followUp = await t.request('GET', `${portal}/follow-up`, undefined, ctx.customerCookie);
    expect(followUp.json()).toEqual({ reopenUntil: null, mayResolve: false });
    const reopen = await t.request('POST', `${portal}/reopen`, undefined, ctx.customerCookie);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toEqual({ message: `Ticket ${from} is already merged into ${into}` });

    const rating = await t.request('GET', `${portal}/rating`, undefined, ctx.customerCookie);
    expect(rating.json()).toMatchObject({ canRate: false });
    const rate = await t.request('PUT', `${portal}/rating`, { rating: 'poor' }, ctx.customerCookie);
    expect(rate.statusCode).toBe(409);
    expect(await ticketRow(from)).toEqual(before);

    // An agent's reply to the merged ticket joins the survivor, as a customer's does.
    const reply = await staff('POST', `/api/staff/tickets/${from}/replies`, {
      message: 'Following up here',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const [landed] = await t.app.db
      .select({ ticketId: ticketReplies.ticketId })
      .from(ticketReplies)
      .where(eq(ticketReplies.message, 'Following up here'));
    expect(landed?.ticketId).toBe(into);
  });

  it('tickets go only to staff whose role works them, by every door (F4)', async () => {
    const billing = await idOf('billing@example.com');
    const auditor = await idOf('auditor@example.com');
    const ticket = await jordansTicket();
    const refusal = { message: "The assignee's staff role doesn't work tickets" };
    for (const assignee of [billing, auditor]) {
      const one = await staff('PATCH', `/api/staff/tickets/${ticket}`, {
        assignedToUserId: assignee,
      });
      expect(one.statusCode).toBe(400);
      expect(one.json()).toEqual(refusal);
      const bulk = await staff('POST', '/api/staff/tickets/bulk', {
        ticketIds: [ticket],
        action: 'assign',
        assignedToUserId: assignee,
      });
      expect(bulk.statusCode).toBe(400);
      expect(bulk.json()).toEqual({ message: `${ticket}: ${refusal.message}` });
    }
    const schedule = await staff('POST', '/api/staff/scheduled-tickets', {
      customerId: ctx.acmeId,
      subject: 'Monthly patch review',
      description: 'Review the patch report',
      priority: 'normal',
      category: 'Software & Licensing',
      department: 'IT Support',
      assigneeUserId: billing,
      frequency: 'monthly',
      monthDay: '1',
      timeOfDay: '08:00',
      timeZone: 'Europe/Berlin',
    });
    expect(schedule.statusCode).toBe(400);
    expect(schedule.json()).toEqual(refusal);
    expect((await ticketRow(ticket)).assignedToUserId).toBeNull();

    const agent = await staff('PATCH', `/api/staff/tickets/${ticket}`, {
      assignedToUserId: await idOf('agent@example.com'),
    });
    expect(agent.statusCode, agent.body).toBe(200);
  });

  it('a bulk merge answers the tickets it merged, never its survivor (F6)', async () => {
    const [a, b, into] = [await jordansTicket(), await jordansTicket(), await jordansTicket()];
    const res = await staff('POST', '/api/staff/tickets/bulk', {
      ticketIds: [into, a, b],
      action: 'merge',
      intoTicketId: into,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ticketIds: [a, b].sort() });
    expect((await ticketRow(into)).mergedIntoTicketId).toBeNull();
    const alone = await staff('POST', '/api/staff/tickets/bulk', {
      ticketIds: [into],
      action: 'merge',
      intoTicketId: into,
    });
    expect(alone.statusCode).toBe(400);
  });

  it('a role change revokes the member’s API tokens, which would outlive it (F7)', async () => {
    const [admin] = await t.app.db
      .insert(users)
      .values({
        email: 'casey.admin@example.com',
        firstName: 'Casey',
        lastName: 'Admin',
        role: 'staff',
        staffRole: 'admin',
      })
      .returning({ id: users.id });
    const cookie = await sessionCookieFor(t.app, 'casey.admin@example.com');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/staff/api-tokens',
      headers: { cookie },
      payload: { name: 'Sync', scope: 'read-write', days: 30 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const bearer = { authorization: `Bearer ${made.json<{ token: string }>().token}` };
    const read = () => t.app.inject({ method: 'GET', url: '/api/staff/tickets', headers: bearer });
    expect((await read()).statusCode).toBe(200);

    const demoted = await staff('PUT', `/api/staff/staff-members/${admin!.id}/role`, {
      role: 'read-only',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await read()).statusCode).toBe(401);
    const [entry] = await t.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.role_change'), eq(auditLog.entityId, admin!.id)));
    expect(entry?.details).toMatchObject({ from: 'admin', to: 'read-only', tokensRevoked: 1 });
  });
});
