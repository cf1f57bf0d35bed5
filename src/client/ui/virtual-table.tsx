import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { cn } from './cn.ts';
import { TABLES_UP, useMediaQuery } from './use-media-query.ts';

/** How many rows before the end the next page is asked for, so scrolling rarely waits. */
const END_MARGIN = 15;
/** A phone card's usual height (title, two or three lines of fields, the actions). */
const CARD_HEIGHT = 200;

export type VirtualColumn = { header: string; className?: string };

type VirtualTableProps<T> = {
  label: string;
  columns: readonly VirtualColumn[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  renderCells: (row: T) => ReactNode;
  /** The row as a card (ui/row-card.tsx), shown instead of the table below `lg`. */
  renderCard: (row: T) => ReactNode;
  rowHeight?: number;
  /** Called when the rows near the end come into view: a paged list loads its next page. */
  onEndReached?: () => void;
};

/**
 * A real <table> that renders only the rows in view (plus a margin), so lists of
 * thousands of rows stay fast to render and to filter. `rowHeight` is a row's least height:
 * a cell whose text wraps makes its row taller, and each rendered row is measured, so no text
 * is cut. Below `lg` the columns do not fit a phone or a tablet: each row is a card in a list instead,
 * rendered and paged the same way (review V1), but flowing with the page: no scroll box inside
 * a phone's page (issue 36), the window's scrolling decides which cards are drawn.
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  return useMediaQuery(TABLES_UP) ? <TableRows {...props} /> : <CardRows {...props} />;
}

function TableRows<T>({
  label,
  columns,
  rows,
  rowKey,
  renderCells,
  rowHeight = 56,
  onEndReached,
}: VirtualTableProps<T>) {
  const v = useVirtualRows(rows.length, rowHeight, onEndReached);
  return (
    <ScrollRegion label={label} scrollRef={v.scrollRef}>
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
          {v.paddingTop > 0 && (
            <tr aria-hidden style={{ height: v.paddingTop }}>
              <td colSpan={columns.length} />
            </tr>
          )}
          {v.items.map((item) => {
            const row = rows[item.index] as T;
            return (
              <tr
                key={rowKey(row)}
                data-index={item.index}
                ref={v.measureElement}
                style={{ height: rowHeight }}
                className="hover:bg-slate-50"
              >
                {renderCells(row)}
              </tr>
            );
          })}
          {v.paddingBottom > 0 && (
            <tr aria-hidden style={{ height: v.paddingBottom }}>
              <td colSpan={columns.length} />
            </tr>
          )}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function CardRows<T>({ label, rows, rowKey, renderCard, onEndReached }: VirtualTableProps<T>) {
  const { setList, items, measureElement, paddingTop, paddingBottom } = useWindowRows(
    rows.length,
    onEndReached,
  );
  return (
    // No scroll box of its own: the cards flow with the page, which scrolls (issue 36).
    <section aria-label={label}>
      <ul ref={setList} style={{ paddingTop, paddingBottom }}>
        {items.map((item) => {
          const row = rows[item.index] as T;
          return (
            // The space below each card is inside its item, so the measured height holds it.
            <li key={rowKey(row)} data-index={item.index} ref={measureElement} className="pb-3">
              {renderCard(row)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The list's own scroll box, a named region that the keyboard can scroll. */
function ScrollRegion({
  label,
  scrollRef,
  children,
}: {
  label: string;
  scrollRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-h-[70vh] overflow-auto"
    >
      {children}
    </div>
  );
}

/** The rows to render in the scroll box, the space above and below them, and paging. */
function useVirtualRows(count: number, estimate: number, onEndReached?: () => void) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The rule warns that React Compiler would skip this component; the build does not use the
  // compiler, and the virtualizer re-renders the list itself on every scroll.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan: 12,
    // Before the first layout (and in tests without layout) show a screenful.
    initialRect: { width: 1024, height: 20 * estimate },
  });
  return { scrollRef, ...useShownRows(virtualizer, count, 0, onEndReached) };
}

/** The cards to render as the page scrolls past the list, the space around them, and paging. */
function useWindowRows(count: number, onEndReached?: () => void) {
  const [list, setList] = useState<HTMLUListElement | null>(null);
  // Where the list starts on the page: what is above it (cards, notices) may change height.
  const [listTop, setListTop] = useState(0);
  useLayoutEffect(() => {
    if (!list) return;
    const measure = () => setListTop(list.getBoundingClientRect().top + window.scrollY);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [list]);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => CARD_HEIGHT,
    overscan: 6,
    scrollMargin: listTop,
    // Before the first layout (and in tests without layout) show a screenful.
    initialRect: { width: 390, height: 8 * CARD_HEIGHT },
  });
  return { setList, ...useShownRows(virtualizer, count, listTop, onEndReached) };
}

/** The virtualizer's items, the padding that stands for the rows not drawn, and paging. */
function useShownRows(
  virtualizer: Virtualizer<HTMLDivElement, Element> | Virtualizer<Window, Element>,
  count: number,
  offset: number,
  onEndReached?: () => void,
) {
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onEndReached && count > 0 && lastShown >= count - 1 - END_MARGIN) onEndReached();
  }, [onEndReached, lastShown, count]);
  return {
    items,
    measureElement: virtualizer.measureElement,
    paddingTop: (items[0]?.start ?? offset) - offset,
    paddingBottom: virtualizer.getTotalSize() - ((items.at(-1)?.end ?? offset) - offset),
  };
}
