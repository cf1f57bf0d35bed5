import { Info } from 'lucide-react';
import { cn } from '../../ui/cn.ts';

/**
 * Spec: an empty list falls back to built-in sample rows. This notice keeps that honest:
 * the rows below are examples, not the company's data.
 */
export function SampleNotice({
  company,
  what,
  compact,
  cards,
}: {
  company: string;
  what: string;
  /** One line, for a card on the dashboard. */
  compact?: boolean;
  /**
   * The screen's summary cards add up the sample rows: said, so they are not read as the
   * company's figures, which the dashboard shows (ADR 053, review V8).
   */
  cards?: boolean;
}) {
  return (
    <div
      role="note"
      className={cn(
        'flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 text-sm text-amber-950',
        compact ? 'p-2' : 'p-4',
      )}
    >
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {compact ? (
        <p>
          <strong>Sample data.</strong> {company} has no {what} yet.
        </p>
      ) : (
        <p>
          <strong>Sample data.</strong> {company} has no {what} yet, so the rows below are examples
          of what this page will show{cards && ', and the cards add them up'}. They are not real and
          will be replaced by your own {what}.
        </p>
      )}
    </div>
  );
}

/** The real rows when there are any, otherwise the sample rows; never a mix. */
export function rowsOrSample<T>(rows: readonly T[] | undefined, sample: readonly T[]) {
  // No sample given (issue 18: a member's own tickets, not the company's): an empty list.
  const isSample = (!rows || rows.length === 0) && sample.length > 0;
  return { rows: isSample ? sample : (rows ?? []), isSample };
}
