import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint (40rem = 640 px): from here up the portal lists are tables. */
export const SM_UP = '(min-width: 40rem)';

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
