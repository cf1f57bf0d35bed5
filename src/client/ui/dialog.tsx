import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from './cn.ts';
import { EscapeFallback } from './escape-fallback.tsx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** A modal with focus trap, Escape to close and a labelled title (Radix Dialog). */
export function DialogContent({
  title,
  description,
  children,
  className,
  onInteractOutside,
  onEscapeKeyDown,
  hideClose,
  closeDisabled,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  onInteractOutside?: (e: Event) => void;
  onEscapeKeyDown?: (e: KeyboardEvent) => void;
  hideClose?: boolean;
  /** While a form in the dialog submits, its close button waits like Cancel does. */
  closeDisabled?: boolean;
}) {
  // The close button closes the dialog by Escape too when a toast took the key first (Radix's
  // close goes through the Root, which this part does not hold); disabled, it waits as Cancel does.
  const close = useRef<HTMLButtonElement>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <DialogPrimitive.Content
        onInteractOutside={onInteractOutside}
        onEscapeKeyDown={onEscapeKeyDown}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none',
          className,
        )}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <EscapeFallback close={() => close.current?.click()} onEscapeKeyDown={onEscapeKeyDown} />
        <DialogPrimitive.Title className="pr-10 text-lg font-semibold text-slate-900">
          {title}
        </DialogPrimitive.Title>
        {description && (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            {description}
          </DialogPrimitive.Description>
        )}
        <div className="mt-4">{children}</div>
        <DialogPrimitive.Close
          ref={close}
          aria-label="Close"
          disabled={closeDisabled}
          hidden={hideClose}
          className="absolute top-2.5 right-2.5 rounded-md p-3 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-50"
        >
          <X className="h-4 w-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * A dialog's buttons, pinned to the bottom edge of the dialog while a long form scrolls under
 * them: on a phone a tall form would otherwise open with its buttons cut in half (review V4).
 * The negative offsets undo the dialog's padding, so nothing shows below or beside the bar.
 */
export function DialogActions({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-6 py-4',
        className,
      )}
    >
      {children}
    </div>
  );
}
