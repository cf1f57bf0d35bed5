import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { CompanySwitcher } from './company-switcher.tsx';
import { NavLinks } from './nav-links.tsx';

/** The slide-in drawer below `lg` (portal-layout.tsx); choosing an entry closes it. */
export function MobileNav({
  open,
  onOpenChange,
  fullName,
  companyName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fullName: string;
  companyName: string;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 bg-white p-4 shadow-xl focus:outline-none lg:hidden"
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-base font-semibold text-slate-900">
              Portal menu
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="h-5 w-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <div className="rounded-md bg-slate-50 p-3">
            <p className="text-sm font-medium text-slate-900">{fullName}</p>
            <p className="text-xs text-slate-600">{companyName}</p>
          </div>
          <CompanySwitcher inDrawer />
          <nav aria-label="Portal">
            <NavLinks vertical onNavigate={() => onOpenChange(false)} />
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
