import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '../ui/cn.ts';
import { TABLES_UP, useMediaQuery } from '../ui/use-media-query.ts';

/**
 * Below `lg` each row is a card drawn as the portal's `RowCard` (ui/row-card.tsx): the first
 * cell as its title, each other cell under its column's header, the actions at the end. The
 * rows stay the same elements, styled, so each screen writes its cells once (ADR 054).
 */
const asCards = cn(
  'block',
  '[&>thead]:sr-only [&>tbody]:grid [&>tbody]:gap-3',
  '[&>tbody>tr]:grid [&>tbody>tr]:grid-cols-2 [&>tbody>tr]:gap-x-4 [&>tbody>tr]:gap-y-2',
  '[&>tbody>tr]:rounded-md [&>tbody>tr]:border [&>tbody>tr]:border-slate-200 [&>tbody>tr]:p-3',
  '[&>tbody>tr>td]:block [&>tbody>tr>td]:min-w-0 [&>tbody>tr>td]:p-0 [&>tbody>tr>td]:break-words',
  '[&>tbody>tr>td]:before:block [&>tbody>tr>td]:before:text-xs [&>tbody>tr>td]:before:font-medium',
  '[&>tbody>tr>td]:before:text-slate-600 [&>tbody>tr>td]:before:content-[attr(data-label)]',
  '[&>tbody>tr>td:first-child]:col-span-2 [&>tbody>tr>td:first-child]:before:hidden',
  '[&>tbody>tr>td[data-actions]]:col-span-2 [&>tbody>tr>td[data-actions]]:justify-self-end',
);

/**
 * A plain data table with column headers from `lg` up; below it (a phone, a tablet) its
 * columns do not fit and each row is a card (one layout at a time, as in the portal).
 */
export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  const asTable = useMediaQuery(TABLES_UP);
  const table = useRef<HTMLTableElement>(null);
  // A card labels each cell with its column's header (drawn by CSS from data-label); the title
  // and the actions need none. Runs after every render: rows come and go with the data.
  useLayoutEffect(() => {
    if (asTable) return;
    for (const row of table.current?.tBodies[0]?.rows ?? []) {
      [...row.cells].forEach((td, i) => {
        const header = columns[i] ?? '';
        td.dataset.label = i === 0 || header === 'Actions' ? '' : header;
        td.toggleAttribute('data-actions', header === 'Actions');
      });
    }
  });
  return (
    <div className={asTable ? 'overflow-x-auto' : 'p-3'}>
      <table
        ref={table}
        className={cn('w-full text-left text-sm', asTable ? 'min-w-[40rem]' : asCards)}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-4 py-3 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cn(asTable && 'divide-y divide-slate-100')}>{children}</tbody>
      </table>
    </div>
  );
}

export const cell = 'px-4 py-3 align-top';
