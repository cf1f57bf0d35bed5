import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../lib/toast.ts';
import { usePaymentReturnNotice } from './payment-return.ts';

function Screen() {
  usePaymentReturnNotice();
  const toasts = useToasts();
  return <p>{toasts.map((t) => `${t.title} / ${t.description}`).join('; ')}</p>;
}

/** The portal's invoices answer: the one invoice, with this status. */
const invoicesAnswer = (status: string) =>
  vi.fn(
    async () =>
      new Response(
        JSON.stringify([
          {
            id: 'i1',
            number: 'INV-7',
            amount: 300,
            status,
            issueDate: '2026-11-01',
            dueDate: '2026-11-30',
            description: 'Support',
          },
        ]),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the notice on return from Checkout', () => {
  it('says Paid when the webhook has recorded the payment already', async () => {
    const fetch = invoicesAnswer('paid');
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/portal/invoices?company=c1&payment=done&invoice=INV-7');
    const { container } = render(<Screen />);
    await waitFor(() =>
      expect(container.textContent).toContain(
        'Thank you for your payment / Invoice INV-7 is Paid.',
      ),
    );
    expect(String(fetch.mock.calls[0]?.[0 as never])).toContain(
      '/api/customers/c1/invoices?q=INV-7',
    );
    expect(window.location.search).toBe('?company=c1');
  });

  it('says it shows as paid once confirmed while the invoice is not paid yet', async () => {
    vi.stubGlobal('fetch', invoicesAnswer('pending'));
    window.history.replaceState(null, '', '/portal/invoices?company=c1&payment=done&invoice=INV-7');
    const { container } = render(<Screen />);
    await waitFor(() =>
      expect(container.textContent).toContain(
        'The invoice shows as paid as soon as the payment is confirmed.',
      ),
    );
  });
});
