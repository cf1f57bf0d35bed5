/**
 * A quote's states and how the screens name them (ADR 072). Kept apart from the quote schemas:
 * the invoices screen's quotes card shows them without zod (issue 42).
 */

/** What the database stores; `expired` is a sent quote past its validity, never stored. */
export const quoteStates = ['draft', 'sent', 'accepted', 'declined'] as const;
export type QuoteState = (typeof quoteStates)[number];
/** What the screens and the API show. */
export const quoteStatuses = [...quoteStates, 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const quoteStatusLabels: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Awaiting signature',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};
