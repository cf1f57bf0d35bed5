import { useEffect, useState, type ComponentType } from 'react';
import { useToasts } from '../lib/toast.ts';

let toasterModule: Promise<ComponentType> | null = null;

/** Loads the toast UI once; the same promise serves every caller. */
export function loadToaster(): Promise<ComponentType> {
  toasterModule ??= import('./toaster.tsx').then((m) => m.Toaster);
  return toasterModule;
}

/**
 * The toast UI (Radix Toast) loads with the first toast, keeping it out of the
 * JavaScript every public page downloads; the toast store itself is tiny and eager.
 */
export function LazyToaster() {
  const toasts = useToasts();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const wanted = toasts.length > 0;
  useEffect(() => {
    if (wanted && !Toaster) void loadToaster().then((c) => setToaster(() => c));
  }, [wanted, Toaster]);
  return Toaster ? <Toaster /> : null;
}
