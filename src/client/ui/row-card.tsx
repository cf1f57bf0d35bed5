import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';
import { cn } from './cn.ts';

export type RowCardField = { label: string; value: ReactNode; wide?: boolean };

/**
 * One row of a list on a phone or a tablet (below `lg`), where a table's columns do not fit: the row's
 * title (its first column) with a badge beside it, each other column as a labelled field
 * (the column's header as label), and the row's actions as buttons with words.
 */
export function RowCard({
  title,
  badge,
  fields,
  actions,
}: {
  title: ReactNode;
  badge?: ReactNode;
  fields: readonly RowCardField[];
  /** The row's buttons; a row without actions (a log's line) has none. */
  actions?: ReactNode;
}) {
  return (
    <div className="grid gap-3 rounded-md border border-slate-200 p-3 text-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 break-words">{title}</div>
        {badge && <div className="shrink-0">{badge}</div>}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        {fields.map((f) => (
          <div key={f.label} className={cn('min-w-0', f.wide && 'col-span-2')}>
            <dt className="text-xs font-medium text-slate-600">{f.label}</dt>
            <dd className="break-words text-slate-900">{f.value}</dd>
          </div>
        ))}
      </dl>
      {actions && <div className="flex flex-wrap justify-end gap-2">{actions}</div>}
    </div>
  );
}

/**
 * A row's action: an icon alone in a table's Actions column, icon and word on a card. The
 * accessible name (`label`, e.g. 'Pay invoice INV-2026-1005') is the same in both and starts
 * with the word shown.
 */
export function RowAction({
  icon: Icon,
  text,
  label,
  inCard,
  ...props
}: Omit<ButtonProps, 'children' | 'aria-label'> & {
  icon: LucideIcon;
  text: string;
  label: string;
  inCard: boolean;
}) {
  return (
    <Button size="sm" variant={inCard ? 'secondary' : 'ghost'} aria-label={label} {...props}>
      <Icon className="h-4 w-4" aria-hidden />
      {inCard && text}
    </Button>
  );
}
