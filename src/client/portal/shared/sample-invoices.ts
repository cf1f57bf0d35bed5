import type { Invoice } from '../../../shared/schemas/invoices.ts';
import { sampleCalendar } from './sample-dates.ts';

/** Built-in example rows (spec: shown when the list call returns nothing). No links: they are not real. */
export function sampleInvoicesOn(today: Date): Invoice[] {
  const { day } = sampleCalendar(today);
  return [
    {
      id: 'sample-invoice-1',
      number: 'INV-SAMPLE-001',
      amount: 2500,
      status: 'pending',
      issueDate: day(-10),
      dueDate: day(20),
      description: 'Managed IT services - monthly retainer',
    },
    {
      id: 'sample-invoice-2',
      number: 'INV-SAMPLE-002',
      amount: 1250.5,
      status: 'paid',
      issueDate: day(-40),
      dueDate: day(-10),
      description: 'On-site support visit',
    },
    {
      id: 'sample-invoice-3',
      number: 'INV-SAMPLE-003',
      amount: 875,
      status: 'overdue',
      issueDate: day(-45),
      dueDate: day(-15),
      description: 'Firewall license renewal',
    },
  ];
}

/** The sample rows as of the page's load. */
export const sampleInvoices: readonly Invoice[] = sampleInvoicesOn(new Date());
