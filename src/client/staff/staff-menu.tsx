import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { StaffNavLinks } from './staff-nav.tsx';

/**
 * The workspace's areas below 1024 px, where eight entries do not fit one row beside the
 * name and Logout (issue 36: at 390 px they wrapped into four rows above every screen).
 * A slide-in drawer as in the portal; choosing an area closes it.
 */
export function StaffMenu({
  open,
  onOpenChange,
  fullName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fullName: string;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50 lg:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl focus:outline-none lg:hidden"
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-base font-semibold text-slate-900">
              Staff menu
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close menu"
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="h-5 w-5" aria-hidden />
            </DialogPrimitive.Close>
          </div>
          <p className="rounded-md bg-slate-50 p-3 text-sm font-medium text-slate-900">
            {fullName}
          </p>
          <nav aria-label="Staff">
            <StaffNavLinks vertical onNavigate={() => onOpenChange(false)} />
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
