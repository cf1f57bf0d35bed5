import {
  Children,
  createContext,
  isValidElement,
  useContext,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { RowCard } from '../ui/row-card.tsx';
import { TABLES_UP, useMediaQuery } from '../ui/use-media-query.ts';

/** The columns of the table a row is in, and whether it is drawn as a table or as cards. */
const TableLayout = createContext<{
  columns: readonly string[];
  wide: readonly string[];
  asTable: boolean;
}>({ columns: [], wide: [], asTable: true });

/**
 * A plain data table with column headers from `lg` up; below it (a phone, a tablet) its
 * columns do not fit and each row is the portal's card (ui/row-card.tsx), one layout at a
 * time as in the portal (ADR 054, 056). Its rows are `DataRow`s.
 */
export function DataTable({
  caption,
  columns,
  wide = [],
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** Columns whose values (addresses, subjects) take a card's whole width: half of a phone's
   * width breaks them inside a word. */
  wide?: readonly string[];
  children: ReactNode;
}) {
  const asTable = useMediaQuery(TABLES_UP);
  return (
    <TableLayout.Provider value={{ columns, wide, asTable }}>
      {asTable ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
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
            <tbody className="divide-y divide-slate-100">{children}</tbody>
          </table>
        </div>
      ) : (
        <ul aria-label={caption} className="grid gap-3 p-3">
          {children}
        </ul>
      )}
    </TableLayout.Provider>
  );
}

/**
 * One row of a `DataTable`, its cells written once as `<td>`s: a table row from `lg` up, a
 * `RowCard` below it (the first cell its title, the Actions cell its actions, each other cell
 * under its column's header).
 */
export function DataRow({ children, ...props }: ComponentProps<'tr'>) {
  const { columns, wide, asTable } = useContext(TableLayout);
  if (asTable) return <tr {...props}>{children}</tr>;
  const cells = Children.toArray(children)
    .filter(isValidElement<{ children?: ReactNode }>)
    .map((td) => td.props.children);
  const actionsAt = columns.indexOf('Actions');
  return (
    <li>
      <RowCard
        title={cells[0]}
        fields={cells.flatMap((value, i) =>
          i === 0 || i === actionsAt
            ? []
            : [{ label: columns[i] ?? '', value, wide: wide.includes(columns[i] ?? '') }],
        )}
        actions={actionsAt > 0 ? cells[actionsAt] : null}
      />
    </li>
  );
}

export const cell = 'px-4 py-3 align-top';
