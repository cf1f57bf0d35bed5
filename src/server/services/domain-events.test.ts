import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  domainEvents,
  invoices,
  milestones,
  projects,
  tickets,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema.ts';
import { multipartBody } from '../test/staff-context.ts';
import { useStaffTestApp } from '../test/staff-test-app.ts';
import { domainEventTypes } from '../../shared/schemas/webhooks.ts';
import { recordEvent, sweepOverdueInvoices } from './domain-events.ts';

const first = async <T>(rows: Promise<T[]>): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error('no row');
  return row;
};

// Issue 21 item 1: each write records its event in its own transaction, and fans it out to the
// webhook outbox in that transaction too.
describe('domain events', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  beforeAll(async () => {
    // An endpoint subscribed to every kind: each event must also queue one delivery.
    await t.app.db.insert(webhookEndpoints).values({
      url: 'https://hooks.example.com/in',
      events: [...domainEventTypes],
      secretCipher: 'v1.x.x.x',
    });
  });

  const eventCount = async () =>
    (await first(t.app.db.select({ n: count() }).from(domainEvents))).n;
  const send = (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    cookie = ctx.staffCookie,
  ) =>
    t.app.inject({
      method,
      url,
      payload: payload as InjectOptions['payload'],
      headers: { cookie },
    });

  /** The write, then exactly these events (newest last), each with its delivery. */
  async function expectEvents(
    write: () => Promise<{ statusCode: number; body: string }>,
    types: string[],
  ) {
    const before = await eventCount();
    const res = await write();
    expect(res.statusCode, res.body).toBeLessThan(300);
    const rows = await t.app.db
      .select()
      .from(domainEvents)
      .orderBy(desc(domainEvents.createdAt))
      .limit(types.length);
    expect(await eventCount()).toBe(before + types.length);
    expect(rows.map((r) => r.type).sort()).toEqual([...types].sort());
    for (const row of rows) {
      const delivery = await first(
        t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, row.id)),
      );
      expect(JSON.parse(delivery.body)).toMatchObject({ id: row.id, type: row.type });
    }
    return rows;
  }

  const invoiceBody = (number: string, status: string) => ({
    number,
    description: 'Events test',
    amount: 120,
    status,
    issueDate: '2026-01-01',
    dueDate: '2026-01-31',
  });

  it('invoice.created (and invoice.paid when issued paid)', async () => {
    const [created] = await expectEvents(
      () =>
        send(
          'POST',
          `/api/staff/customers/${ctx.acmeId}/invoices`,
          invoiceBody('INV-EV-1', 'pending'),
        ),
      ['invoice.created'],
    );
    expect(created?.customerId).toBe(ctx.acmeId);
    expect(created?.data).toMatchObject({ number: 'INV-EV-1', amount: 120 });
    await expectEvents(
      () =>
        send(
          'POST',
          `/api/staff/customers/${ctx.acmeId}/invoices`,
          invoiceBody('INV-EV-2', 'paid'),
        ),
      ['invoice.created', 'invoice.paid'],
    );
  });

  it('invoice.paid and invoice.overdue on the change of status, once each', async () => {
    const inv = await first(
      t.app.db.select().from(invoices).where(eq(invoices.number, 'INV-EV-1')),
    );
    const url = `/api/staff/invoices/${inv.id}`;
    await expectEvents(
      () => send('PUT', url, invoiceBody('INV-EV-1', 'overdue')),
      ['invoice.overdue'],
    );
    // Saved again as overdue: nothing new.
    await expectEvents(() => send('PUT', url, invoiceBody('INV-EV-1', 'overdue')), []);
    await expectEvents(() => send('PUT', url, invoiceBody('INV-EV-1', 'paid')), ['invoice.paid']);
  });

  it('invoice.overdue from the periodic sweep, once per invoice', async () => {
    await send(
      'POST',
      `/api/staff/customers/${ctx.acmeId}/invoices`,
      invoiceBody('INV-EV-3', 'pending'),
    );
    const swept = await t.app.db.transaction((tx) =>
      sweepOverdueInvoices(tx, new Date('2026-02-15')),
    );
    expect(swept).toBeGreaterThan(0);
    const inv = await first(
      t.app.db.select().from(invoices).where(eq(invoices.number, 'INV-EV-3')),
    );
    const overdue = () =>
      t.app.db
        .select()
        .from(domainEvents)
        .where(and(eq(domainEvents.type, 'invoice.overdue'), eq(domainEvents.entityId, inv.id)));
    expect(await overdue()).toHaveLength(1);
    expect(
      await t.app.db.transaction((tx) => sweepOverdueInvoices(tx, new Date('2026-02-16'))),
    ).toBe(0);
    expect(await overdue()).toHaveLength(1);
  });

  it('project.status_changed only when the status changes', async () => {
    const p = await first(
      t.app.db.select().from(projects).where(eq(projects.customerId, ctx.acmeId)),
    );
    const body = (status: string) => ({
      name: p.name,
      status,
      progress: 50,
      startDate: p.startDate,
    });
    const next = p.status === 'completed' ? 'in-progress' : 'completed';
    const [event] = await expectEvents(
      () => send('PUT', `/api/staff/projects/${p.id}`, body(next)),
      ['project.status_changed'],
    );
    expect(event?.data).toMatchObject({ status: next, previousStatus: p.status });
    await expectEvents(() => send('PUT', `/api/staff/projects/${p.id}`, body(next)), []);
  });

  it('milestone.completed', async () => {
    const m = await first(
      t.app.db.select().from(milestones).where(ne(milestones.status, 'completed')),
    );
    await expectEvents(
      () =>
        send('PUT', `/api/staff/milestones/${m.id}`, {
          title: m.title,
          status: 'completed',
          dueDate: m.dueDate,
        }),
      ['milestone.completed'],
    );
  });

  it('ticket.created, ticket.replied (portal and staff) and ticket.closed', async () => {
    const res = await expectEvents(
      () =>
        send(
          'POST',
          `/api/customers/${ctx.acmeId}/tickets`,
          {
            subject: 'Events',
            description: 'Printer',
            category: 'Hardware',
            department: 'IT Support',
          },
          ctx.customerCookie,
        ),
      ['ticket.created'],
    );
    const ticketId = res[0]?.entityId ?? '';
    await expectEvents(
      () =>
        send(
          'POST',
          `/api/customers/${ctx.acmeId}/tickets/${ticketId}/replies`,
          { message: 'More' },
          ctx.customerCookie,
        ),
      ['ticket.replied'],
    );
    await expectEvents(
      () => send('POST', `/api/staff/tickets/${ticketId}/replies`, { message: 'On it' }),
      ['ticket.replied'],
    );
    await expectEvents(
      () => send('PATCH', `/api/staff/tickets/${ticketId}`, { status: 'closed' }),
      ['ticket.closed'],
    );
  });

  it('document.added', async () => {
    const upload = await multipartBody(
      { category: 'other' },
      { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') },
    );
    await expectEvents(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/staff/customers/${ctx.acmeId}/documents`,
          payload: upload.payload,
          headers: { ...upload.headers, cookie: ctx.staffCookie },
        }),
      ['document.added'],
    );
  });

  it('records nothing when the write fails (refused, or rolled back after the event)', async () => {
    const before = await eventCount();
    const deliveries = async () =>
      (await first(t.app.db.select({ n: count() }).from(webhookDeliveries))).n;
    const queued = await deliveries();
    // Duplicate number: the insert fails after validation, the transaction rolls back.
    const dup = await send(
      'POST',
      `/api/staff/customers/${ctx.acmeId}/invoices`,
      invoiceBody('INV-EV-1', 'paid'),
    );
    expect(dup.statusCode).toBe(409);
    // A reply on a closed ticket is refused inside the transaction.
    const closed = await first(t.app.db.select().from(tickets).where(eq(tickets.status, 'closed')));
    const refused = await send('POST', `/api/staff/tickets/${closed.id}/replies`, {
      message: 'late',
    });
    expect(refused.statusCode).toBe(409);
    // An event recorded, then the transaction fails: both go.
    await expect(
      t.app.write(async (tx) => {
        await recordEvent(tx, {
          type: 'maintenance.scheduled',
          customerId: ctx.acmeId,
          entityId: null,
          data: {},
        });
        throw new Error('the write fails after its event');
      }),
    ).rejects.toThrow('the write fails');
    expect(await eventCount()).toBe(before);
    expect(await deliveries()).toBe(queued);
  });
});
