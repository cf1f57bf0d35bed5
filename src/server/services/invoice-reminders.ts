// Invoice reminders (issue 21 item 2): 3 days before the due date, on it, and 7 and 14 days
// after, until the invoice is paid. Each (invoice, stage) is recorded once, so several app
// servers sweeping together, or one sweeping every hour, remind once.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/client.ts';
import { invoiceReminderOffsets } from '../../shared/schemas/notifications.ts';
import { queueNotice } from './notifications.ts';

// One mail a day about an unpaid invoice: its overdue notice and a reminder stage that fall on
// the same UTC day (the two sweeps run in either order) make one mail, whichever came first.

/** The invoice `i` told `invoice.overdue` on `day`. */
const overdueToldOn = (day: string) => sql`
  select 1 from domain_events d
  where d.type = 'invoice.overdue' and d.entity_id = i.id::text and d.created_at >= ${day}::date`;

/** True when a reminder stage of `invoiceId` was recorded on `day`. */
export const remindedOn = (invoiceId: SQLWrapper, day: string) => sql<boolean>`exists (
  select 1 from invoice_reminders r where r.invoice_id = ${invoiceId} and r.created_at >= ${day}::date)`;

/**
 * A stage is due on `due date + offset` and may still go out the day after (a server that was
 * down at midnight catches up); older stages are skipped, so a long-unpaid invoice or a restored
 * backup never sends a burst of stale reminders. One mail a day per invoice: a stage due on the
 * day the invoice told `invoice.overdue` (the first sweep after a server was down for a week,
 * or invoices imported late) is recorded without a mail. Returns how many reminders were queued.
 */
export async function sweepInvoiceReminders(tx: Tx, today = new Date()): Promise<number> {
  const day = today.toISOString().slice(0, 10);
  let reminded = 0;
  for (const offset of invoiceReminderOffsets) {
    const due = await selectRows<{
      id: string;
      customer_id: string;
      number: string;
      amount: string;
      currency: string;
      due_date: string;
    }>(
      tx,
      sql`
      with stage as (
        insert into invoice_reminders (invoice_id, offset_days)
        select i.id, ${offset}::int from invoices i
        where i.status <> 'paid' and i.state in ('issued', 'partly-paid')
          and i.due_date + ${offset}::int between ${day}::date - 1 and ${day}::date
        on conflict do nothing
        returning invoice_id
      )
      select i.id, i.customer_id, i.number, i.amount::text as amount, i.currency, i.due_date::text as due_date
      from invoices i join stage on stage.invoice_id = i.id
      where not exists (${overdueToldOn(day)})`,
    );
    for (const invoice of due) {
      await queueNotice(tx, {
        customerId: invoice.customer_id,
        kind: 'invoices',
        permission: 'invoices',
        type: 'invoice.reminder',
        data: {
          invoiceId: invoice.id,
          number: invoice.number,
          amount: Number(invoice.amount),
          currency: invoice.currency,
          dueDate: invoice.due_date,
          offsetDays: offset,
        },
      });
      reminded++;
    }
  }
  return reminded;
}
