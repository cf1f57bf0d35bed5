import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in prerendered markup and while React hydrates it, true once React owns the page.
 * Text typed into a prerendered field before then would be overwritten by React's state.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
