import type { LucideIcon } from 'lucide-react';
import { Children, type ReactNode } from 'react';
import { Card } from '../../ui/card.tsx';
import { cn } from '../../ui/cn.ts';

export function StatCard({
  label,
  value,
  icon: Icon,
}: {
  label: string;
  value: string | number;
  icon: LucideIcon;
}) {
  return (
    <Card role="group" aria-label={label} className="flex justify-between gap-3 p-4 sm:p-5">
      {/* Label at the top, figure at the bottom: where a label wraps on a phone, the figures
          of the cards in a row still line up (review V14). */}
      <div className="flex min-w-0 flex-col justify-between">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="mt-1 text-xl font-bold break-words text-slate-900 sm:text-2xl">{value}</p>
      </div>
      {/* Two cards share a phone's width: the figure needs the room more than the icon. */}
      <Icon className="hidden h-8 w-8 shrink-0 self-center text-brand-600 sm:block" aria-hidden />
    </Card>
  );
}

/**
 * In a two-column grid, an odd last card takes its line instead of leaving a blank slot
 * (looked at 2026-11-28). Whole class names, so Tailwind sees them: one below `lg`, where the
 * summary cards are two per line, one from `lg`, where the dashboard's cards are.
 */
export const oddLastCardFillsBelowLg = 'max-lg:[&>:last-child:nth-child(odd)]:col-span-2';
export const oddLastCardFillsFromLg = 'lg:[&>:last-child:nth-child(odd)]:col-span-2';

/** Tailwind sees only whole class names: one per count of cards. */
const wideColumns = ['', 'lg:grid-cols-1', 'lg:grid-cols-2', 'lg:grid-cols-3', 'lg:grid-cols-4'];

/**
 * The row of summary cards above a portal list: two per line on phones, all on one line on
 * wide screens. A role that sees fewer than four cards gets as many columns, not blank slots
 * (review V6, V11); below `lg` an odd last card takes its line's whole width.
 */
export function StatGrid({ children }: { children: ReactNode }) {
  const count = Math.min(Children.toArray(children).length, 4);
  return (
    <div className={cn('grid grid-cols-2 gap-4', oddLastCardFillsBelowLg, wideColumns[count])}>
      {children}
    </div>
  );
}
