import { and, desc, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, ticketReplies, tickets, users } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

describe('the help desk', () => {
  const t = useStaffTestApp({ smtpSink: true });
  const { ctx } = t;

  const staff = t.request;
  const openAcmeTicket = async () => {
    const [row] = await t.app.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.customerId, ctx.acmeId), ne(tickets.status, 'closed')))
      .limit(1);
    return row!;
  };

  it("lists every company's tickets and filters them", async () => {
    const all = (await staff('GET', '/api/staff/tickets')).json() as Array<{
      customerName: string;
      status: string;
      priority: string;
    }>;
    expect(new Set(all.map((x) => x.customerName))).toEqual(
      new Set(['Acme Logistics', 'Globex Retail']),
    );
    const open = (
      await staff('GET', '/api/staff/tickets?status=open&priority=high')
    ).json() as typeof all;
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((x) => x.status === 'open' && x.priority === 'high')).toBe(true);
    const globex = (
      await staff('GET', `/api/staff/tickets?customerId=${ctx.globexId}`)
    ).json() as typeof all;
    expect(globex.every((x) => x.customerName === 'Globex Retail')).toBe(true);
    const unassigned = (await staff('GET', '/api/staff/tickets?assignee=none')).json() as Array<{
      assignedTo: string | null;
    }>;
    expect(unassigned.every((x) => x.assignedTo === null)).toBe(true);
    const bad = await staff('GET', '/api/staff/tickets?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Status must be open, pending or closed' });
  });

  it('replies as an agent: the reply carries the staff name and the customer gets an activity', async () => {
    const ticket = await openAcmeTicket();
    const res = await staff('POST', `/api/staff/tickets/${ticket.id.toLowerCase()}/replies`, {
      message: 'We have shipped a replacement.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ author: 'Morgan Hayes', isAgent: true });
    const [reply] = await t.app.db
      .select()
      .from(ticketReplies)
      .where(eq(ticketReplies.ticketId, ticket.id))
      .orderBy(desc(ticketReplies.createdAt))
      .limit(1);
    expect(reply).toMatchObject({ message: 'We have shipped a replacement.', isAgent: true });
    const [activity] = await t.app.db
      .select()
      .from(activities)
      .where(eq(activities.customerId, ctx.acmeId))
      .orderBy(desc(activities.createdAt))
      .limit(1);
    expect(activity).toMatchObject({ type: 'ticket', title: `New reply on ticket ${ticket.id}` });
    await t.app.mail.flush();
    expect(t.sink.mailsTo(DEMO_USERS.acme).map((m) => m.subject)).toContain(
      `[${ticket.id}] New reply: ${ticket.subject}`,
    );
    const detail = (await staff('GET', `/api/staff/tickets/${ticket.id}`)).json();
    expect(detail.replies.at(-1)).toMatchObject({ author: 'Morgan Hayes', isAgent: true });
    const blank = await staff('POST', `/api/staff/tickets/${ticket.id}/replies`, { message: '  ' });
    expect(blank.statusCode).toBe(400);
  });

  it('assigns to a staff member only, and changes the status', async () => {
    const ticket = await openAcmeTicket();
    const [staffUser] = await t.app.db.select().from(users).where(eq(users.role, 'staff'));
    const [customer] = await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.acme));
    const refused = await staff('PATCH', `/api/staff/tickets/${ticket.id}`, {
      assignedToUserId: customer!.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Assignee must be an active staff member' });
    const res = await staff('PATCH', `/api/staff/tickets/${ticket.id}`, {
      assignedToUserId: staffUser!.id,
      status: 'closed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed', assignedTo: 'Morgan Hayes' });
    const [activity] = await t.app.db
      .select()
      .from(activities)
      .where(eq(activities.customerId, ctx.acmeId))
      .orderBy(desc(activities.createdAt))
      .limit(1);
    expect(activity?.title).toBe(`Ticket ${ticket.id} status changed to Closed`);
    await t.app.mail.flush();
    expect(t.sink.mailsTo(DEMO_USERS.acme).map((m) => m.subject)).toContain(
      `[${ticket.id}] Status changed to closed: ${ticket.subject}`,
    );
    const closedReply = await staff('POST', `/api/staff/tickets/${ticket.id}/replies`, {
      message: 'Late note',
    });
    expect(closedReply.statusCode).toBe(409);
    const nothing = await staff('PATCH', `/api/staff/tickets/${ticket.id}`, {});
    expect(nothing.statusCode).toBe(400);
    const unknown = await staff('PATCH', '/api/staff/tickets/TK-999999', { status: 'open' });
    expect(unknown.statusCode).toBe(404);
  });
});
