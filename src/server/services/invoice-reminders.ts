// Invoice reminders (issue 21 item 2): 3 days before the due date, on it, and 7 and 14 days
// after, until the invoice is paid. Each (invoice, stage) is recorded once, so several app
// servers sweeping together, or one sweeping every hour, remind once.
import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../db/client.ts';
import { invoiceReminderOffsets } from '../../shared/schemas/notifications.ts';
import { queueNotice } from './notifications.ts';

/**
 * A stage is due on `due date + offset` and may still go out the day after (a server that was
 * down at midnight catches up); older stages are skipped, so a long-unpaid invoice or a restored
 * backup never sends a burst of stale reminders. Returns how many reminders were queued.
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
      due_date: string;
    }>(
      tx,
      sql`
      with stage as (
        insert into invoice_reminders (invoice_id, offset_days)
        select i.id, ${offset}::int from invoices i
        where i.status <> 'paid'
          and i.due_date + ${offset}::int between ${day}::date - 1 and ${day}::date
        on conflict do nothing
        returning invoice_id
      )
      select i.id, i.customer_id, i.number, i.amount::text as amount, i.due_date::text as due_date
      from invoices i join stage on stage.invoice_id = i.id`,
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
          dueDate: invoice.due_date,
          offsetDays: offset,
        },
      });
      reminded++;
    }
  }
  return reminded;
}
