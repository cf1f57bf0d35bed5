import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { cn } from '../../ui/cn.ts';
import { helpCenterUrl } from '../help-center.ts';
import { isActiveLink, navLinks } from './nav.ts';

/**
 * The slide-in menu (Radix Dialog: focus is trapped while open, Escape closes it) that
 * closes when a link is chosen (spec section 4).
 */
export default function MobileMenuPanel({
  open,
  onOpenChange,
  location,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  location: string;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const close = () => onOpenChange(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto bg-white p-6 shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-lg font-semibold">Menu</DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
            >
              <X className="h-5 w-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Mobile">
            <ul className="grid gap-1">
              {navLinks.map((link) => {
                const active = isActiveLink(link.href, location);
                return (
                  <li key={link.href}>
                    <Link
                      href={link.href}
                      onClick={close}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'block rounded-md px-3 py-2 text-base font-medium',
                        active ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-100',
                      )}
                    >
                      {link.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="grid gap-2 border-t border-slate-200 pt-6">
            <a
              href={helpCenterUrl()}
              target="_blank"
              rel="noopener noreferrer"
              onClick={close}
              className="rounded-md border border-slate-300 px-4 py-2 text-center text-sm font-medium text-slate-900 hover:bg-slate-50"
            >
              Help Center
            </a>
            <a
              href={paths.login}
              className="rounded-md bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
            >
              Portal Login
            </a>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
