import { useSyncExternalStore } from 'react';

/**
 * Tailwind's `lg` breakpoint (64rem = 1024 px): from here up the lists (portal and staff) are
 * tables, below it cards; a table's columns need about 900 px with the page's margins (ADR 054).
 */
export const TABLES_UP = '(min-width: 64rem)';

/**
 * Whether a CSS media query matches now, re-rendering when that changes (a phone turned, a
 * window resized). A list renders either its table or its cards, never both, so a screen
 * reader or a test finds each row once.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
