import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agreement } from '../../../shared/schemas/agreements.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { InvoiceDraftDialog } from './invoice-draft-dialog.tsx';

function show(currency = 'USD') {
  const closed = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InvoiceDraftDialog companyId="c1" currency={currency} onClose={closed} />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'New Invoice' }), closed };
}

const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label, { exact: false }), { target: { value } });

const AGREEMENT_ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

const agreement = (id: string, name: string, status: Agreement['status']): Agreement => ({
  id,
  customerId: 'c1',
  name,
  type: 'retainer',
  status,
  startsOn: '2030-01-01',
  endsOn: null,
  hours: 20,
  rolloverMonths: 0,
  rolloverCap: null,
  currency: 'USD',
  hourlyRate: 120,
  overageRate: 150,
  timeZone: 'UTC',
  services: [],
  slaTargets: [],
  period: { start: '2030-01-01', end: '2030-01-31', included: 20, used: 0, left: 20, overage: 0 },
});

const line = (dialog: HTMLElement, n: number) =>
  within(dialog).getByRole('group', { name: `Line ${n}` });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InvoiceDraftDialog', () => {
  it('shows the totals the server will store while lines are typed', async () => {
    const { dialog } = show();
    const totals = within(dialog).getByRole('region', { name: 'Draft totals' });
    expect(totals.textContent).toBe('Totals show once every line has a price.');
    type(dialog, 'Discount (%)', '10');
    type(line(dialog, 1), 'Quantity', '12.5');
    type(line(dialog, 1), 'Unit price (USD)', '95.50');
    type(line(dialog, 1), 'Tax rate (%)', '20');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Line' }));
    type(line(dialog, 2), 'Quantity', '3');
    type(line(dialog, 2), 'Unit price (USD)', '19.99');
    type(line(dialog, 2), 'Tax rate (%)', '20');
    await waitFor(() => expect(totals.textContent).toContain('Total$1,354.02'));
    expect(totals.textContent).toContain('Discount 10%-$125.37');
    expect(totals.textContent).toContain('Tax 20% on $1,128.35$225.67');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove line 2' }));
    // 1,193.75 − 119.38 = 1,074.37; tax 214.87.
    await waitFor(() => expect(totals.textContent).toContain('Total$1,289.24'));
  });

  it('counts yen without decimals', async () => {
    const { dialog } = show('JPY');
    type(line(dialog, 1), 'Quantity', '1.5');
    type(line(dialog, 1), 'Unit price (JPY)', '1001');
    type(line(dialog, 1), 'Tax rate (%)', '10');
    const totals = within(dialog).getByRole('region', { name: 'Draft totals' });
    await waitFor(() => expect(totals.textContent).toContain('TotalJPY 1,652'));
  });

  it('sends the draft as typed and refuses a line without a description', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        // The line's "Agreement" select lists the company's agreements, an ended one too.
        if (url.includes('/customers/c1/agreements?'))
          return new Response(JSON.stringify([agreement(AGREEMENT_ID, 'Retainer', 'ended')]), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        sent.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ id: 'i1' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const { dialog, closed } = show();
    type(dialog, 'Invoice number', 'INV-9');
    type(dialog, 'Description (the customer reads it)', 'Support');
    type(line(dialog, 1), 'Unit price (USD)', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    expect(await within(dialog).findByText('Line description is required')).toBeTruthy();
    expect(sent).toEqual([]);
    type(line(dialog, 1), 'Line description', 'Hours');
    const chosen = within(line(dialog, 1)).getByLabelText('Agreement');
    expect(chosen.textContent).toBe('No agreement');
    // Radix's hidden native select, as a browser's autofill would set it.
    const native = await waitFor(() => {
      const select = line(dialog, 1).querySelector('select');
      expect(select?.querySelector(`option[value="${AGREEMENT_ID}"]`)?.textContent).toBe(
        'Retainer (ended)',
      );
      return select as HTMLSelectElement;
    });
    fireEvent.change(native, { target: { value: AGREEMENT_ID } });
    await waitFor(() => expect(chosen.textContent).toBe('Retainer (ended)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Draft' }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(sent).toEqual([
      expect.objectContaining({
        number: 'INV-9',
        discount: 0,
        lines: [
          {
            description: 'Hours',
            quantity: 1,
            unitPrice: 10,
            taxRate: 0,
            projectId: null,
            agreementId: AGREEMENT_ID,
            timeEntryIds: [],
          },
        ],
      }),
    ]);
  });
});
