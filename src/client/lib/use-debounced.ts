import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../lists/use-list-params.ts';

/** `value` trimmed, once typing has paused for `delay` ms: what a search sends to the server. */
export function useDebounced(value: string, delay = SEARCH_DEBOUNCE_MS) {
  const [settled, setSettled] = useState(value.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
