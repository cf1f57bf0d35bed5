import { describe, expect, it } from 'vitest';
import type { Invoice } from '../../../shared/schemas/invoices.ts';
import { filterInvoices, summarizeInvoices } from './invoice-list.ts';

const invoice = (over: Partial<Invoice>): Invoice => ({
  id: over.number ?? 'x',
  number: 'INV-1',
  amount: 0,
  status: 'paid',
  issueDate: '2026-01-01',
  dueDate: '2026-01-31',
  description: '',
  ...over,
});

const rows = [
  invoice({ number: 'INV-001', description: 'Help desk retainer', status: 'paid', amount: 100.1 }),
  invoice({ number: 'INV-002', description: 'Switch repair', status: 'pending', amount: 0.2 }),
  invoice({ number: 'INV-003', description: 'Help desk retainer', status: 'overdue', amount: 0.1 }),
];

describe('invoice list', () => {
  it('searches number and description case-insensitively, combined with the status', () => {
    expect(filterInvoices(rows, 'RETAINER', 'all').map((i) => i.number)).toEqual([
      'INV-001',
      'INV-003',
    ]);
    expect(filterInvoices(rows, 'inv-002', 'all').map((i) => i.number)).toEqual(['INV-002']);
    expect(filterInvoices(rows, 'retainer', 'overdue').map((i) => i.number)).toEqual(['INV-003']);
    expect(filterInvoices(rows, 'switch', 'paid')).toEqual([]);
    expect(filterInvoices(rows, '  ', 'all')).toBe(rows);
    // Fields are searched one by one: no match across the end of one and the next.
    expect(filterInvoices(rows, '001 help', 'all')).toEqual([]);
    expect(filterInvoices(rows, '001help', 'all')).toEqual([]);
  });

  it('sums pending and overdue amounts exactly and counts each status', () => {
    expect(summarizeInvoices(rows)).toEqual({
      outstandingBalance: 0.3,
      paid: 1,
      pending: 1,
      overdue: 1,
    });
  });
});
