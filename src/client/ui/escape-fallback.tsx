import { useEffect, useRef } from 'react';

/** The open modals that listen, in the order they opened: only the last one acts. */
const open: object[] = [];

/**
 * Escape for a modal that a toast has outranked. Radix gives Escape only to the newest
 * dismissable layer, and a toast shown after a dialog or menu opened (a switch's "You Are
 * Away") is newer: its Escape closed the toast and left the modal the person is in open. This
 * listens on the document, so it hears the key wherever focus is (a switch disabled while it
 * saves leaves focus on the body), and closes the newest modal on an Escape nobody handled.
 * When the modal is the newest layer, Radix has handled the key and marked it
 * (defaultPrevented), as has a picker inside that closed its own list, so nothing closes twice.
 * Mount it inside the modal's content, which exists only while the modal is open.
 */
export function useEscapeFallback(
  close: () => void,
  onEscapeKeyDown?: (e: KeyboardEvent) => void,
): void {
  const latest = useRef({ close, onEscapeKeyDown });
  useEffect(() => {
    latest.current = { close, onEscapeKeyDown };
  });
  useEffect(() => {
    const me = {};
    open.push(me);
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || open.at(-1) !== me) return;
      latest.current.onEscapeKeyDown?.(e);
      if (!e.defaultPrevented) latest.current.close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      open.splice(open.indexOf(me), 1);
    };
  }, []);
}

/** The hook as a part to place inside a modal's content. */
export function EscapeFallback({
  close,
  onEscapeKeyDown,
}: {
  close: () => void;
  onEscapeKeyDown?: (e: KeyboardEvent) => void;
}) {
  useEscapeFallback(close, onEscapeKeyDown);
  return null;
}
