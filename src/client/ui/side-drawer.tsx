import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';
import { EscapeFallback } from './escape-fallback.tsx';

/**
 * The width from which a header shows its entries in a row and needs no menu: `lg` for the
 * portal's five; `xl` for the workspace's nine areas, which overflow a row at 1024 px.
 * Written out whole, so Tailwind finds the classes.
 */
export type MenuBreakpoint = 'lg' | 'xl';
const goneFrom: Record<MenuBreakpoint, string> = { lg: 'lg:hidden', xl: 'xl:hidden' };

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

/** The header's button that opens its SideDrawer; gone from `upTo`, where the entries show. */
export function MenuButton({
  expanded,
  onOpen,
  upTo = 'lg',
}: {
  expanded: boolean;
  onOpen: () => void;
  upTo?: MenuBreakpoint;
}) {
  return (
    <button
      type="button"
      aria-label="Open menu"
      aria-expanded={expanded}
      onClick={onOpen}
      className={cn('rounded-md p-2 text-slate-700 hover:bg-slate-100', goneFrom[upTo])}
    >
      <Menu className="h-5 w-5" aria-hidden />
    </button>
  );
}
