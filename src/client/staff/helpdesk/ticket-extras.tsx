import { useQuery } from '@tanstack/react-query';
import { ticketRatingLabels } from '../../../shared/schemas/satisfaction.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { StaffTicketWatchers } from './ticket-watchers.tsx';

const ratingTone = { good: 'green', okay: 'amber', poor: 'red' } as const satisfies Record<
  string,
  BadgeTone
>;

/** Issue 17 on the staff ticket: who of the customer is in copy (staff change it), and the author's rating. */
export function TicketExtras({ ticketId }: { ticketId: string }) {
  const { data } = useQuery(staffQueries.ticketExtras(ticketId));
  if (!data) return null;
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-2">
      <StaffTicketWatchers ticketId={ticketId} />
      <section aria-labelledby="ticket-rating">
        <h3 id="ticket-rating" className="font-semibold text-slate-900">
          Customer Rating
        </h3>
        {data.rating ? (
          <div className="mt-1 grid gap-1 text-slate-700">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={ratingTone[data.rating.rating]}>
                {ticketRatingLabels[data.rating.rating]}
              </Badge>
              <span className="text-xs text-slate-600">{formatDateTime(data.rating.ratedAt)}</span>
            </div>
            {data.rating.comment && <p className="whitespace-pre-wrap">{data.rating.comment}</p>}
          </div>
        ) : (
          <p className="mt-1 text-slate-700">Not rated</p>
        )}
      </section>
    </div>
  );
}
