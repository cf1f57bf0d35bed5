import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  MAX_RATING_COMMENT,
  ticketRatingLabels,
  ticketRatings,
  type TicketRating,
} from '../../../shared/schemas/satisfaction.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { Textarea } from '../../ui/input.tsx';
import { cn } from '../../ui/cn.ts';
import { ticketExtraQueries, useRateTicket } from './watchers-api.ts';

/**
 * The closed ticket's rating (issue 17): its author picks good, okay or poor (one click
 * saves), then may add a comment; anyone else who sees the ticket reads the rating only.
 */
export function TicketRatingPanel({
  companyId,
  ticketId,
}: {
  companyId: string;
  ticketId: string;
}) {
  const titleId = useId();
  const { data } = useQuery(ticketExtraQueries.rating(companyId, ticketId));
  const rate = useRateTicket(companyId, ticketId);
  if (!data || (!data.canRate && !data.rating)) return null;
  const current = data.rating?.rating;

  const save = (rating: TicketRating, comment: string, done?: () => void) =>
    rate.mutate(
      { rating, comment },
      {
        onSuccess: () => {
          toast({ title: 'Thank you for your rating' });
          done?.();
        },
      },
    );

  return (
    <section
      className="mt-6 rounded-md border border-slate-200 bg-slate-50 p-4"
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        How did we do?
      </h3>
      {!data.canRate ? (
        <p className="mt-1 text-sm text-slate-700">
          Rated {ticketRatingLabels[current!].toLowerCase()} by the ticket's author.
        </p>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Your rating">
            {ticketRatings.map((r) => (
              <Button
                key={r}
                type="button"
                variant="secondary"
                aria-pressed={current === r}
                disabled={rate.isPending}
                className={cn(
                  'min-w-20',
                  current === r && 'border-brand-600 bg-brand-50 text-brand-800 hover:bg-brand-50',
                )}
                onClick={() => save(r, data.rating?.comment ?? '')}
              >
                {ticketRatingLabels[r]}
              </Button>
            ))}
          </div>
          {current && (
            <RatingComment
              saved={data.rating?.comment ?? ''}
              busy={rate.isPending}
              onSave={(comment, done) => save(current, comment, done)}
            />
          )}
        </>
      )}
    </section>
  );
}

/**
 * The rating's comment: shown as text, its box only on request. An open box right under
 * "This ticket is closed" read like a reply box (review V16).
 */
function RatingComment({
  saved,
  busy,
  onSave,
}: {
  saved: string;
  busy: boolean;
  onSave: (comment: string, done: () => void) => void;
}) {
  const commentId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <div className="mt-3 grid justify-items-start gap-1 text-sm text-slate-700">
        {saved && (
          <p className="break-words whitespace-pre-wrap">
            <span className="font-medium text-slate-900">Your comment: </span>
            {saved}
          </p>
        )}
        <Button type="button" variant="ghost" size="sm" onClick={() => setDraft(saved)}>
          {saved ? 'Edit comment' : 'Add a comment'}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="mt-3 grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft, () => setDraft(null));
      }}
    >
      <label htmlFor={commentId} className="text-sm text-slate-700">
        Comment on your rating (optional)
      </label>
      <Textarea
        id={commentId}
        rows={2}
        maxLength={MAX_RATING_COMMENT}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => setDraft(null)}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={busy}>
          Send comment
        </Button>
      </div>
    </form>
  );
}
