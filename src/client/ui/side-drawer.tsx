import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { EscapeFallback } from './escape-fallback.tsx';
import { goneFrom, type MenuBreakpoint } from './menu-button.tsx';

/**
 * A menu that slides in from the left below `upTo`, where a header has no room for its entries
 * (the portal's and the staff workspace's). A modal: focus stays in it, Escape closes it.
 */
export function SideDrawer({
  title,
  open,
  onOpenChange,
  upTo = 'lg',
  children,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  upTo?: MenuBreakpoint;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          className={cn('fixed inset-0 z-50 bg-slate-900/50', goneFrom[upTo])}
        />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className={cn(
            'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl focus:outline-none',
            goneFrom[upTo],
          )}
        >
          <EscapeFallback close={() => onOpenChange(false)} />
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-base font-semibold text-slate-900">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="-m-2 rounded-md p-2.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="h-5 w-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
