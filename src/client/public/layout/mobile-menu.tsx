import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

const loadPanel = () => import('./mobile-menu-panel.tsx');
// The dialog machinery loads on first use: most visitors never open the menu.
const MobileMenuPanel = lazy(loadPanel);

/** The phone-width menu button; the slide-in panel itself lives in mobile-menu-panel.tsx. */
export function MobileMenu({ location }: { location: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={!hydrated}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
      >
        <Menu className="h-6 w-6" aria-hidden />
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuPanel
            open={open}
            onOpenChange={setOpen}
            location={location}
            returnFocusTo={trigger}
          />
        </Suspense>
      )}
    </>
  );
}
