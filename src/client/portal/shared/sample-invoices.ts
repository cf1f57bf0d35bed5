import type { Invoice } from '../../../shared/schemas/invoices.ts';

/** Built-in example rows (spec: shown when the list call returns nothing). No links: they are not real. */
export const sampleInvoices: readonly Invoice[] = [
  {
    id: 'sample-invoice-1',
    number: 'INV-SAMPLE-001',
    amount: 2500,
    status: 'pending',
    issueDate: '2026-01-05',
    dueDate: '2026-02-04',
    description: 'Managed IT services - monthly retainer',
  },
  {
    id: 'sample-invoice-2',
    number: 'INV-SAMPLE-002',
    amount: 1250.5,
    status: 'paid',
    issueDate: '2025-12-05',
    dueDate: '2026-01-04',
    description: 'On-site support visit',
  },
  {
    id: 'sample-invoice-3',
    number: 'INV-SAMPLE-003',
    amount: 875,
    status: 'overdue',
    issueDate: '2025-11-05',
    dueDate: '2025-12-05',
    description: 'Firewall license renewal',
  },
];
