import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { EscapeFallback } from './escape-fallback.tsx';

/** A confirmation that must be answered (Radix AlertDialog): Cancel, or the confirming action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <EscapeFallback close={() => onOpenChange(false)} />
          <AlertDialogPrimitive.Title className="text-lg font-semibold">
            {title}
          </AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className="mt-2 text-sm text-slate-600">
            {description}
          </AlertDialogPrimitive.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialogPrimitive.Cancel>
            <AlertDialogPrimitive.Action asChild>
              <Button variant="destructive" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialogPrimitive.Action>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

/**
 * A confirmation about one chosen thing (a row to delete, revoke, discard): open while `item`
 * is set; `onClose` clears it on Cancel, Escape or after the action.
 */
export function ConfirmItemDialog<T>({
  item,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  item: T | null;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode | ((item: T) => ReactNode);
  confirmLabel: string;
  onConfirm: (item: T) => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={
        typeof description === 'function' ? item !== null && description(item) : description
      }
      confirmLabel={confirmLabel}
      onConfirm={() => item !== null && onConfirm(item)}
    />
  );
}
