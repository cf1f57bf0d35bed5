import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  customerUsers,
  mailOutbox,
  ticketReplies,
  tickets,
  users,
} from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { watcherMessages, type TicketWatchers } from '../../../shared/schemas/ticket-watchers.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

// ADR 036 addendum: staff put a company's colleagues in copy of its ticket, through the same
// service as the portal (its refusals, the conversation line, the audit row, the mail).
describe('staff ticket watchers', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let ticketId: string;
  beforeAll(async () => {
    const [open] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.customerId, ctx.acmeId), eq(tickets.private, false)))
      .limit(1);
    ticketId = open!.id;
    await t.app.db.update(tickets).set({ status: 'open' }).where(eq(tickets.id, ticketId));
    // A colleague to put in copy besides the seeded author.
    const [dana] = await t.app.db
      .insert(users)
      .values({ email: 'dana.watch@acme-logistics.example', firstName: 'Dana', lastName: 'Watch' })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: dana!.id, customerId: ctx.acmeId, role: 'member' });
  });

  const call = t.request;
  const url = () => `/api/staff/tickets/${ticketId}/watchers`;

  it('adds a colleague of the ticket’s company, writes the line, the audit row and the mail, and removes them', async () => {
    const before = (await call('GET', url())).json<TicketWatchers>();
    const colleague = before.candidates[0]!;
    expect(before.watchers.map((w) => w.userId)).not.toContain(colleague.userId);

    const added = await call('POST', url(), { userId: colleague.userId });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<TicketWatchers>().watchers.map((w) => w.userId)).toContain(colleague.userId);
    const lines = await t.app.db
      .select({ message: ticketReplies.message })
      .from(ticketReplies)
      .where(and(eq(ticketReplies.ticketId, ticketId), eq(ticketReplies.kind, 'watcher-added')));
    expect(lines.map((l) => l.message)).toContain(`Morgan Hayes added ${colleague.name}`);
    const audits = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.watcher.add'), eq(auditLog.entityId, ticketId)));
    expect(audits).toHaveLength(1);
    const mails = await t.app.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, colleague.email));
    expect(mails.some((m) => m.subject.startsWith(`[${ticketId}] You are in copy:`))).toBe(true);

    const again = await call('POST', url(), { userId: colleague.userId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: watcherMessages.already });

    const removed = await call('DELETE', `${url()}/${colleague.userId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<TicketWatchers>().watchers.map((w) => w.userId)).not.toContain(
      colleague.userId,
    );
  });

  it('refuses a user of another company, a made-up ticket, and customers', async () => {
    const [globex] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_USERS.globex));
    const foreign = await call('POST', url(), { userId: globex!.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: watcherMessages.notColleague });

    const missing = await call('GET', '/api/staff/tickets/TK-99999/watchers');
    expect(missing.statusCode).toBe(404);

    const customer = await call('POST', url(), { userId: globex!.id }, ctx.customerCookie);
    expect(customer.statusCode).toBe(403);
  });

  it('moving a ticket keeps in copy only the new company’s active users; its author must be one', async () => {
    // Outside attack, 2026-11-28: the old company's colleagues stayed in copy, named to the new
    // company, and a ticket moved to where its author's membership was switched off.
    const [author] = await t.app.db
      .select({ userId: tickets.createdByUserId })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    const [dana] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'dana.watch@acme-logistics.example'));
    expect((await call('POST', url(), { userId: dana!.id })).statusCode).toBe(201);
    await t.app.db
      .insert(customerUsers)
      .values({ userId: author!.userId!, customerId: ctx.globexId, role: 'member', active: false });
    const move = () =>
      call('PATCH', `/api/staff/tickets/${ticketId}`, { customerId: ctx.globexId });

    const refused = await move();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: "The ticket's author is not a user of that company",
    });

    await t.app.db
      .update(customerUsers)
      .set({ active: true })
      .where(
        and(eq(customerUsers.userId, author!.userId!), eq(customerUsers.customerId, ctx.globexId)),
      );
    const moved = await move();
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await call('GET', url())).json<TicketWatchers>();
    expect(after.watchers.map((w) => w.userId)).not.toContain(dana!.id);
  });
});
