import { useSyncExternalStore } from 'react';

// Spec section 9: one toast visible at a time, 5000 ms by default, a dismissed toast
// is removed after 1,000,000 ms (so its exit animation never cuts short).
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastInput = {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
};
export type ToastItem = ToastInput & { id: number; open: boolean };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removals = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  items = next;
  listeners.forEach((l) => l());
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number) {
  emit(items.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (!removals.has(id)) {
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        emit(items.filter((t) => t.id !== id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  }
}

/** The failure toast of spec section 8: destructive, titled "Error". */
export function errorToast(description: string): number {
  return toast({ title: 'Error', description, variant: 'destructive' });
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
    () => items,
  );
}
