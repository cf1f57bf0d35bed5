import { and, count, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  auditLog,
  customerUsers,
  mailOutbox,
  ticketAttachments,
  tickets,
  users,
} from '../../db/schema.ts';
import { DEMO_STAFF_EMAIL, DEMO_USERS } from '../../seed/demo.ts';
import { messageWithFiles } from '../../test/attachment-files.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import type {
  HelpdeskTicket,
  HelpdeskTicketDetail,
  StaffNewTicketInput,
} from '../../../shared/schemas/staff-helpdesk.ts';

// Issue 38 item 1 (ADR 059): an agent opens a ticket for a user of a company.
describe('staff open a ticket for a requester', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let jordan: string;
  let sam: string;
  let agent: string;
  let formerMember: string;

  const idOf = async (email: string) => {
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row!.id;
  };
  beforeAll(async () => {
    jordan = await idOf(DEMO_USERS.acme);
    sam = await idOf(DEMO_USERS.globex);
    agent = await idOf(DEMO_STAFF_EMAIL);
    const [gone] = await t.app.db
      .insert(users)
      .values({ email: 'former@acme-logistics.example', firstName: 'Former', lastName: 'Member' })
      .returning({ id: users.id });
    formerMember = gone!.id;
    await t.app.db
      .insert(customerUsers)
      .values({ userId: formerMember, customerId: ctx.acmeId, role: 'member', active: false });
  });

  const call = (): StaffNewTicketInput => ({
    customerId: ctx.acmeId,
    requesterUserId: jordan,
    subject: 'Printer offline after the move',
    description: 'Jordan called: the label printer in bay 3 shows offline.',
    priority: 'high',
    category: 'Hardware',
    department: 'IT Support',
    channel: 'phone',
  });
  const open = (payload: object, cookie = ctx.staffCookie) =>
    t.request('POST', '/api/staff/tickets', payload, cookie);
  const totals = async () => ({
    tickets: (await t.app.db.select({ n: count() }).from(tickets))[0]!.n,
    mails: (await t.app.db.select({ n: count() }).from(mailOutbox))[0]!.n,
    audit: (await t.app.db.select({ n: count() }).from(auditLog))[0]!.n,
    files: (await t.app.db.select({ n: count() }).from(ticketAttachments))[0]!.n,
  });

  it('opens it as the requester, by phone, mails them, and records the agent', async () => {
    const res = await open(call());
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json<HelpdeskTicket>();
    expect(ticket).toMatchObject({
      subject: 'Printer offline after the move',
      priority: 'high',
      status: 'open',
      customerId: ctx.acmeId,
      sla: { clock: 'first-response', targetMinutes: 60 },
    });
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ createdByUserId: jordan, openedByUserId: agent, channel: 'phone' });
    // The requester's new-ticket mail, as if they had written it.
    const mails = await t.app.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, DEMO_USERS.acme));
    expect(mails.some((m) => m.subject.includes(ticket.id))).toBe(true);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.create'), eq(auditLog.entityId, ticket.id)));
    expect(audit).toMatchObject({ actorUserId: agent, customerId: ctx.acmeId });
    expect(audit!.details).toMatchObject({ requesterUserId: jordan, channel: 'phone', files: 0 });
    const [line] = await t.app.db
      .select({ title: activities.title })
      .from(activities)
      .where(eq(activities.customerId, ctx.acmeId))
      .orderBy(desc(activities.createdAt))
      .limit(1);
    expect(line!.title).toBe(
      'Ticket created: Printer offline after the move (opened by Morgan Hayes by phone)',
    );
    const detail = await t.request('GET', `/api/staff/tickets/${ticket.id}`);
    expect(detail.json<HelpdeskTicketDetail>()).toMatchObject({
      channel: 'phone',
      openedBy: 'Morgan Hayes',
      author: { firstName: 'Jordan', lastName: 'Lee' },
    });
  });

  it('stores the files of a walk-in ticket with it, uploaded by the agent', async () => {
    const body = await messageWithFiles({ ...call(), channel: 'walk-in' }, [
      { name: 'error.txt', type: 'text/plain', data: Buffer.from('E-42 offline') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/tickets',
      ...body,
      headers: { ...body.headers, cookie: ctx.staffCookie },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<HelpdeskTicket>().id;
    const files = await t.app.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, id));
    expect(files.map((f) => [f.name, f.replyId, f.uploadedByUserId])).toEqual([
      ['error.txt', null, agent],
    ]);
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row!.channel).toBe('walk-in');
    const download = await t.request('GET', `/api/staff/tickets/${id}/attachments/${files[0]!.id}`);
    expect(download.body).toBe('E-42 offline');
  });

  it('refuses bad input with its reason and writes nothing', async () => {
    const before = await totals();
    const cases: [object, number, string][] = [
      [{ customerId: '00000000-0000-4000-8000-000000000000' }, 404, 'Company not found'],
      [{ customerId: 'acme' }, 400, 'Company not found'],
      [{ requesterUserId: sam }, 400, 'Requester is not a user of this company'],
      [{ requesterUserId: formerMember }, 400, 'Requester is not a user of this company'],
      [{ requesterUserId: agent }, 400, 'Requester is not a user of this company'],
      [{ category: 'Coffee' }, 400, 'Category is required'],
      [{ department: 'Catering' }, 400, 'Department is required'],
      [{ priority: 'urgent' }, 400, 'Priority must be high, normal or low'],
      [{ channel: 'fax' }, 400, 'Channel must be phone, walk-in, e-mail or portal'],
      [{ subject: '  ' }, 400, 'Subject is required'],
    ];
    for (const [change, status, message] of cases) {
      const res = await open({ ...call(), ...change });
      expect([res.statusCode, res.json()], JSON.stringify(change)).toEqual([status, { message }]);
    }
    // With a file: the requester is checked in the write, and the stored file goes again.
    const body = await messageWithFiles({ ...call(), requesterUserId: sam }, [
      { name: 'error.txt', type: 'text/plain', data: Buffer.from('E-42') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/staff/tickets',
      ...body,
      headers: { ...body.headers, cookie: ctx.staffCookie },
    });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'Requester is not a user of this company' },
    ]);
    expect(await totals()).toEqual(before);
  });

  it('is a staff door: customers get 403', async () => {
    const res = await open(call(), ctx.customerCookie);
    expect(res.statusCode).toBe(403);
  });
});
