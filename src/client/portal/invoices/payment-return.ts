import { useEffect } from 'react';
import { toast } from '../../lib/toast.ts';

// Stripe sends the customer back to the invoices screen with `payment=done|cancelled|autopay`
// (ADR 067). The payment itself is recorded by the webhook, which may arrive a moment later,
// so the notice says what happened without claiming the invoice is paid yet.
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

/** Tells the customer back from Checkout what happened, once; the address then loses the word. */
export function usePaymentReturnNotice() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const outcome = url.searchParams.get('payment');
    if (!outcome || !Object.hasOwn(notices, outcome)) return;
    toast(notices[outcome as keyof typeof notices]);
    url.searchParams.delete('payment');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, []);
}
