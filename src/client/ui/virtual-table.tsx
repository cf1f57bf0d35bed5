import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from './cn.ts';

/** How many rows before the end the next page is asked for, so scrolling rarely waits. */
const END_MARGIN = 15;

export type VirtualColumn = { header: string; className?: string };

/**
 * A real <table> that renders only the rows in view (plus a margin), so lists of
 * thousands of rows stay fast to render and to filter. `rowHeight` is a row's least height:
 * a cell whose text wraps makes its row taller, and each rendered row is measured, so no text
 * is cut. On a narrow screen the table keeps its columns and scrolls sideways in its own box.
 */
export function VirtualTable<T>({
  label,
  columns,
  rows,
  rowKey,
  renderCells,
  rowHeight = 56,
  className,
  onEndReached,
}: {
  label: string;
  columns: readonly VirtualColumn[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  renderCells: (row: T) => ReactNode;
  rowHeight?: number;
  className?: string;
  /** Called when the rows near the end come into view: a paged list loads its next page. */
  onEndReached?: () => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The rule warns that React Compiler would skip this component; the build does not use the
  // compiler, and the virtualizer re-renders the table itself on every scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    // Before the first layout (and in tests without layout) show a screenful.
    initialRect: { width: 1024, height: 20 * rowHeight },
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onEndReached && rows.length > 0 && lastShown >= rows.length - 1 - END_MARGIN) {
      onEndReached();
    }
  }, [onEndReached, lastShown, rows.length]);
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn('max-h-[70vh] overflow-auto', className)}
    >
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
        <thead className="sticky top-0 z-10 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={cn('px-4 py-3', c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {paddingTop > 0 && (
            <tr aria-hidden style={{ height: paddingTop }}>
              <td colSpan={columns.length} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index] as T;
            return (
              <tr
                key={rowKey(row)}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ height: rowHeight }}
                className="hover:bg-slate-50"
              >
                {renderCells(row)}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden style={{ height: paddingBottom }}>
              <td colSpan={columns.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
