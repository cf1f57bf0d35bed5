import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  customerUsers,
  ticketAttachments,
  ticketMessages,
  ticketNotes,
  ticketReplies,
  tickets,
  ticketWatchers,
  timeEntries,
  users,
} from '../../db/schema.ts';
import type { TicketTime } from '../../../shared/schemas/time-entries.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { messageWithFiles } from '../../test/attachment-files.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { ingestMessage } from '../../services/intake/ingest.ts';

describe('merging tickets and the queue’s bulk actions (ADR 060)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const staff = t.request;

  let n = 0;
  /** A new ticket Jordan (Acme) opens in the portal. */
  async function portalTicket(subject = `Merge case ${++n}`): Promise<string> {
    const res = await t.request(
      'POST',
      `/api/customers/${ctx.acmeId}/tickets`,
      {
        subject,
        description: `${subject}: the description`,
        priority: 'normal',
        category: 'Hardware',
        department: 'IT Support',
      },
      ctx.customerCookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  const ticketRow = async (id: string) =>
    (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
  const conversation = (id: string) =>
    t.app.db
      .select()
      .from(ticketReplies)
      .where(eq(ticketReplies.ticketId, id))
      .orderBy(asc(ticketReplies.createdAt));
  const rowCount = async (table: typeof auditLog) =>
    (await t.app.db.select({ n: count() }).from(table))[0]!.n;
  /** Hours an agent logs on a ticket, through the company's time write. */
  async function logTime(ticketId: string, hours: number) {
    const res = await staff('POST', `/api/staff/customers/${ctx.acmeId}/time-entries`, {
      ticketId,
      workDate: '2026-03-02',
      hours,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  const timeOf = async (ticketId: string) =>
    (await staff('GET', `/api/staff/tickets/${ticketId}/time-entries`)).json<TicketTime>();
  const ticketOfEntries = async (ticketIds: string[]) =>
    (
      await t.app.db
        .select({ ticketId: timeEntries.ticketId })
        .from(timeEntries)
        .where(inArray(timeEntries.ticketId, ticketIds))
    ).map((r) => r.ticketId);

  it('moves every reply, file, note, person in copy and hour logged to the survivor, threads later mail there, and leaves a pointer', async () => {
    const [from, into] = [await portalTicket(), await portalTicket()];
    const withFile = await messageWithFiles({ message: 'Here is the log.' }, [
      { name: 'log.txt', type: 'text/plain', data: Buffer.from('line 1\n') },
    ]);
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/staff/tickets/${from}/replies`,
      ...withFile,
      headers: { ...withFile.headers, cookie: ctx.staffCookie },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(
      (await staff('POST', `/api/staff/tickets/${from}/notes`, { body: 'Call back at 3' }))
        .statusCode,
    ).toBe(201);
    const [colleague] = await t.app.db
      .insert(users)
      .values({
        email: 'merge.colleague@acme-logistics.example',
        firstName: 'Dana',
        lastName: 'Kim',
      })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: colleague!.id, customerId: ctx.acmeId, role: 'member' });
    await t.app.db.insert(ticketWatchers).values([
      { ticketId: from, userId: colleague!.id },
      { ticketId: into, userId: colleague!.id },
    ]);
    await logTime(from, 1.5);
    await logTime(from, 0.25);
    await logTime(into, 2);
    const fromMessages = await conversation(from);
    const [sentToCustomer] = await t.app.db
      .select({ messageId: ticketMessages.messageId })
      .from(ticketMessages)
      .where(and(eq(ticketMessages.ticketId, from), eq(ticketMessages.direction, 'out')));
    expect(sentToCustomer).toBeDefined();

    const res = await staff('POST', `/api/staff/tickets/${from.toLowerCase()}/merge`, {
      intoTicketId: into.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: from, mergedIntoTicketId: into });

    const survivor = await conversation(into);
    for (const m of fromMessages) expect(survivor.map((r) => r.id)).toContain(m.id);
    expect(survivor.some((r) => r.message === `Merge case ${n - 1}: the description`)).toBe(true);
    expect(survivor.some((r) => r.kind === 'merged' && r.message.includes(from))).toBe(true);
    const files = await t.app.db
      .select()
      .from(ticketAttachments)
      .where(inArray(ticketAttachments.ticketId, [from, into]));
    expect(files.map((f) => [f.ticketId, f.name])).toEqual([[into, 'log.txt']]);
    const notes = await t.app.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, into));
    expect(notes.map((x) => x.body)).toEqual(['Call back at 3']);
    const copied = await t.app.db
      .select({ userId: ticketWatchers.userId })
      .from(ticketWatchers)
      .where(eq(ticketWatchers.ticketId, into));
    expect(copied).toEqual([{ userId: colleague!.id }]);
    const survivorTime = await timeOf(into);
    expect(survivorTime.totalHours).toBe(3.75);
    expect(survivorTime.entries.map((e) => e.ticketId)).toEqual([into, into, into]);
    expect(await timeOf(from)).toEqual({ totalHours: 0, entries: [] });

    const merged = await ticketRow(from);
    expect(merged).toMatchObject({ status: 'closed', mergedIntoTicketId: into });
    expect((await ticketRow(into)).status).toBe('open');
    const portalList = await t.request(
      'GET',
      `/api/customers/${ctx.acmeId}/tickets?q=${encodeURIComponent(merged.subject)}`,
      undefined,
      ctx.customerCookie,
    );
    expect(portalList.json()).toContainEqual(
      expect.objectContaining({ id: from, mergedIntoTicketId: into }),
    );
    const staffDetail = await staff('GET', `/api/staff/tickets/${from}`);
    expect(staffDetail.json()).toMatchObject({ mergedIntoTicketId: into, replies: [] });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.merge'), eq(auditLog.entityId, from)));
    expect(audit?.details).toMatchObject({ intoTicketId: into, timeEntries: 2 });

    // Jordan answers the mail the merged ticket sent: the real intake path puts it on the survivor.
    const raw = [
      `From: ${DEMO_USERS.acme}`,
      'To: support@meridian.test',
      `Subject: Re: [${from}] Merge case`,
      `Date: ${new Date().toUTCString()}`,
      '<merge-answer@client.example>'.replace(/^/, 'Message-ID: '),
      `In-Reply-To: ${sentToCustomer!.messageId}`,
      `References: ${sentToCustomer!.messageId}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Still broken after the update.',
      '',
    ].join('\r\n');
    const intake = { db: t.app.db, storage: t.app.storage, config: t.config };
    const result = await ingestMessage(
      { ...intake, write: t.app.write.bind(t.app) },
      Buffer.from(raw),
    );
    expect(result).toEqual({ outcome: 'reply', ticketId: into });
    expect((await conversation(into)).at(-1)?.message).toBe('Still broken after the update.');

    // The portal's reply to the merged ticket lands on the survivor too, and answers with it.
    const portalReply = await t.request(
      'POST',
      `/api/customers/${ctx.acmeId}/tickets/${from}/replies`,
      { message: 'And the printer too.' },
      ctx.customerCookie,
    );
    expect(portalReply.statusCode, portalReply.body).toBe(201);
    expect(portalReply.json()).toMatchObject({ id: into });
    expect((await conversation(into)).at(-1)?.message).toBe('And the printer too.');
    expect((await conversation(from)).every((r) => r.kind === 'merged')).toBe(true);

    // A merged ticket is a pointer: merged again, reopened or merged into, it refuses.
    const again = await staff('POST', `/api/staff/tickets/${from}/merge`, { intoTicketId: into });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: `Ticket ${from} is already merged into ${into}` });
    const reopen = await staff('PATCH', `/api/staff/tickets/${from}`, { status: 'open' });
    expect(reopen.statusCode).toBe(409);
  });

  it('refuses across companies, into itself, or a ticket that is not there, and changes nothing', async () => {
    const acme = await portalTicket();
    const [globex] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.customerId, ctx.globexId))
      .limit(1);
    const audits = await rowCount(auditLog);
    const before = [await ticketRow(acme), await ticketRow(globex!.id)];
    const repliesBefore = [await conversation(acme), await conversation(globex!.id)];

    const across = await staff('POST', `/api/staff/tickets/${acme}/merge`, {
      intoTicketId: globex!.id,
    });
    expect(across.statusCode).toBe(409);
    expect(across.json()).toEqual({ message: 'Tickets of different companies cannot be merged' });
    const itself = await staff('POST', `/api/staff/tickets/${acme}/merge`, { intoTicketId: acme });
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toEqual({ message: 'A ticket cannot be merged into itself' });
    const missing = await staff('POST', `/api/staff/tickets/${acme}/merge`, {
      intoTicketId: 'TK-999999999',
    });
    expect(missing.statusCode).toBe(404);
    const garbage = await staff('POST', `/api/staff/tickets/${acme}/merge`, {
      intoTicketId: 'DROP TABLE',
    });
    expect(garbage.statusCode).toBe(400);

    expect([await ticketRow(acme), await ticketRow(globex!.id)]).toEqual(before);
    expect([await conversation(acme), await conversation(globex!.id)]).toEqual(repliesBefore);
    expect(await rowCount(auditLog)).toBe(audits);
  });

  it('applies a bulk action to every selected ticket, or to none when one refuses', async () => {
    const ids = [await portalTicket(), await portalTicket(), await portalTicket()];
    const done = await staff('POST', '/api/staff/tickets/bulk', {
      ticketIds: ids,
      action: 'priority',
      priority: 'high',
    });
    expect(done.statusCode, done.body).toBe(200);
    for (const id of ids) expect((await ticketRow(id)).priority).toBe('high');
    await logTime(ids[0]!, 1);

    // The last one is another company's: the merge of the first two is undone with it.
    const [globex] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.customerId, ctx.globexId))
      .limit(1);
    const audits = await rowCount(auditLog);
    const refused = await staff('POST', '/api/staff/tickets/bulk', {
      ticketIds: [...ids, globex!.id],
      action: 'merge',
      intoTicketId: ids[2],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: `${globex!.id}: Tickets of different companies cannot be merged`,
    });
    for (const id of ids) {
      expect(await ticketRow(id)).toMatchObject({ status: 'open', mergedIntoTicketId: null });
    }
    expect(await rowCount(auditLog)).toBe(audits);
    expect(await ticketOfEntries(ids)).toEqual([ids[0]]);

    const merged = await staff('POST', '/api/staff/tickets/bulk', {
      ticketIds: ids,
      action: 'merge',
      intoTicketId: ids[2],
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await ticketRow(ids[0]!)).mergedIntoTicketId).toBe(ids[2]);
    expect((await ticketRow(ids[1]!)).mergedIntoTicketId).toBe(ids[2]);
    expect(await ticketOfEntries(ids)).toEqual([ids[2]]);
  });

  it('refuses more than 500 tickets, an unknown action and an assignee who is not staff', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `TK-${100000 + i}`);
    const tooMany = await staff('POST', '/api/staff/tickets/bulk', {
      ticketIds: ids,
      action: 'status',
      status: 'closed',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: 'Select at most 500 tickets' });
    const unknown = await staff('POST', '/api/staff/tickets/bulk', {
      ticketIds: ['TK-1001'],
      action: 'delete',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Action must be assign, status, priority or merge' });
    const ticket = await portalTicket();
    const jordan = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_USERS.acme));
    const notStaff = await staff('POST', '/api/staff/tickets/bulk', {
      ticketIds: [ticket],
      action: 'assign',
      assignedToUserId: jordan[0]!.id,
    });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json()).toEqual({
      message: `${ticket}: Assignee must be an active staff member`,
    });
  });
});
