import { quoteStatusLabels, type QuoteStatus } from '../../shared/quote-status.ts';
import { Badge, type BadgeTone } from '../ui/badge.tsx';

const tones: Record<QuoteStatus, BadgeTone> = {
  draft: 'gray',
  sent: 'blue',
  accepted: 'green',
  declined: 'red',
  expired: 'amber',
};

/** A quote's state as the portal and the staff card name it ("Awaiting signature", "Accepted", ...). */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge tone={tones[status]}>{quoteStatusLabels[status]}</Badge>;
}
