import { useEffect } from 'react';
import { getJson } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

// Stripe sends the customer back to the invoices screen with `payment=done|cancelled|autopay`
// (ADR 067), and after a payment the invoice's number. The payment itself is recorded by the
// webhook, which may arrive a moment later: the notice says "Paid" only when the invoice
// already is, and otherwise that it will show as paid once confirmed.
const notices = {
  done: {
    title: 'Thank you for your payment',
    description: 'The invoice shows as paid as soon as the payment is confirmed.',
  },
  autopay: {
    title: 'Payment method saved',
    description: 'New invoices are paid with it automatically while autopay is on.',
  },
  cancelled: { title: 'Payment cancelled', description: 'Nothing was charged.' },
} as const;
type Outcome = keyof typeof notices;

/** True when the company's invoice of this number is paid now; false when not or unknown. */
async function isPaid(companyId: string, number: string): Promise<boolean> {
  const params = new URLSearchParams({ q: number, limit: '10' });
  try {
    const found = await getJson(
      `/api/customers/${encodeURIComponent(companyId)}/invoices?${params}`,
      // The schema's code loads beside the read (issue 42).
      () => import('../../../shared/schemas/invoices.ts').then((m) => m.invoiceListSchema),
    );
    return found.some((i) => i.number === number && i.status === 'paid');
  } catch {
    return false;
  }
}

/** The notice for the outcome; after a payment, "Paid" when the webhook has recorded it. */
async function noticeFor(outcome: Outcome, url: URL) {
  const number = url.searchParams.get('invoice');
  const companyId = url.searchParams.get('company');
  if (outcome === 'done' && number && companyId && (await isPaid(companyId, number)))
    return { title: notices.done.title, description: `Invoice ${number} is Paid.` };
  return notices[outcome];
}

/** Tells the customer back from Checkout what happened, once; the address then loses the words. */
export function usePaymentReturnNotice() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get('payment');
    if (!outcome || !Object.hasOwn(notices, outcome)) return;
    void noticeFor(outcome as Outcome, new URL(url)).then(toast);
    url.searchParams.delete('payment');
    url.searchParams.delete('invoice');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, []);
}
