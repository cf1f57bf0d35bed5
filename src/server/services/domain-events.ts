// Domain events (issue 21): each write records what happened in its own transaction, and the
// webhook deliveries and notification mails it fans out to are queued in that same transaction, so an event exists
// (and is delivered) exactly when its write commits. ADR 033.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { domainEvents, invoices } from '../db/schema.ts';
import type { InvoiceStatus } from '../../shared/schemas/invoices.ts';
import type { DomainEventType } from '../../shared/schemas/webhooks.ts';
import { noticeOf, queueNotice } from './notifications.ts';
import { remindedOn } from './invoice-reminders.ts';

export type DomainEvent = {
  type: DomainEventType;
  customerId: string | null;
  entityId: string | null;
  data: Record<string, unknown>;
};

/** The JSON every receiver gets: the event's id (their idempotency key), kind, time and data. */
export function eventBody(event: {
  id: string;
  type: string;
  customerId: string | null;
  createdAt: Date;
  data: Record<string, unknown>;
}): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    createdAt: event.createdAt.toISOString(),
    customerId: event.customerId,
    data: event.data,
  });
}

/**
 * Records the event and queues one delivery per active endpoint subscribed to its kind, and
 * the people's notice of it unless `notify` is false.
 */
export async function recordEvent(
  tx: Tx,
  event: DomainEvent,
  { notify = true }: { notify?: boolean } = {},
): Promise<string> {
  const [row] = await tx
    .insert(domainEvents)
    .values({
      type: event.type,
      customerId: event.customerId,
      entityId: event.entityId,
      data: event.data,
    })
    .returning();
  if (!row) throw new Error('event not recorded');
  await tx.execute(sql`
    insert into webhook_deliveries (endpoint_id, event_id, type, body)
    select e.id, ${row.id}::uuid, ${row.type}, ${eventBody(row)}
    from webhook_endpoints e
    where e.active and e.events @> ${JSON.stringify([row.type])}::jsonb`);
  const notice = notify ? noticeOf(event) : null;
  if (notice) await queueNotice(tx, notice);
  return row.id;
}

/**
 * The periodic sweep: every unpaid invoice whose due date has passed tells `invoice.overdue`
 * once (whether staff marked it overdue or it only ran past its date), and mails it unless a
 * reminder about the invoice went today (services/invoice-reminders.ts). Returns how many.
 * The invoice rows are locked so two app servers sweeping together record each once.
 */
export async function sweepOverdueInvoices(tx: Tx, today = new Date()): Promise<number> {
  const day = today.toISOString().slice(0, 10);
  const due = await tx
    .select({
      id: invoices.id,
      customerId: invoices.customerId,
      number: invoices.number,
      amount: invoices.amount,
      currency: invoices.currency,
      dueDate: invoices.dueDate,
      remindedToday: remindedOn(invoices.id, day),
    })
    .from(invoices)
    .where(
      and(
        sql`${invoices.status} <> 'paid'`,
        // A draft is not sent and a void invoice is cancelled: neither is ever overdue.
        sql`${invoices.state} in ('issued', 'partly-paid')`,
        lt(invoices.dueDate, day),
        sql`not exists (select 1 from ${domainEvents} d where d.type = 'invoice.overdue' and d.entity_id = ${invoices.id}::text)`,
      ),
    )
    .for('update', { skipLocked: true });
  for (const { remindedToday, ...invoice } of due) {
    // Webhooks hear of it either way; the people were mailed a reminder today already.
    await recordEvent(tx, overdueEvent(invoice), { notify: !remindedToday });
  }
  return due.length;
}

export function overdueEvent(invoice: {
  id: string;
  customerId: string;
  number: string;
  amount: string;
  currency: string;
  dueDate: string;
}): DomainEvent {
  return {
    type: 'invoice.overdue',
    customerId: invoice.customerId,
    entityId: invoice.id,
    data: {
      invoiceId: invoice.id,
      number: invoice.number,
      amount: Number(invoice.amount),
      // The mail says the amount in the invoice's own currency (ADR 066 addendum).
      currency: invoice.currency,
      dueDate: invoice.dueDate,
    },
  };
}

/** True when the invoice already told `invoice.overdue` (staff marking it twice tells once). */
async function hasEvent(tx: Tx, type: DomainEventType, entityId: string) {
  const [row] = await tx
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, type), eq(domainEvents.entityId, entityId)))
    .limit(1);
  return Boolean(row);
}

/** invoice.void: an issued invoice the customer had is cancelled (voidInvoice). */
export async function recordInvoiceVoided(tx: Tx, invoice: typeof invoices.$inferSelect) {
  await recordEvent(tx, {
    type: 'invoice.void',
    customerId: invoice.customerId,
    entityId: invoice.id,
    data: {
      invoiceId: invoice.id,
      number: invoice.number,
      amount: Number(invoice.amount),
      currency: invoice.currency,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
    },
  });
}

/**
 * Every door that writes invoices calls this: invoice.created (new), invoice.paid and
 * invoice.overdue (on the change to that status; `before` is null for a new invoice).
 * `notify: false` tells the webhooks only: a recurring run set to issue without mail (ADR 068).
 */
export async function recordInvoiceEvents(
  tx: Tx,
  invoice: typeof invoices.$inferSelect,
  before: InvoiceStatus | null,
  { notify = true }: { notify?: boolean } = {},
) {
  const data = {
    invoiceId: invoice.id,
    number: invoice.number,
    amount: Number(invoice.amount),
    currency: invoice.currency,
    status: invoice.status,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
  };
  const base = { customerId: invoice.customerId, entityId: invoice.id, data };
  if (before === null) await recordEvent(tx, { type: 'invoice.created', ...base }, { notify });
  if (invoice.status === 'paid' && before !== 'paid') {
    await recordEvent(tx, { type: 'invoice.paid', ...base }, { notify });
  }
  if (
    invoice.status === 'overdue' &&
    before !== 'overdue' &&
    !(await hasEvent(tx, 'invoice.overdue', invoice.id))
  ) {
    await recordEvent(tx, overdueEvent(invoice));
  }
}
