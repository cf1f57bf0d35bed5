import { SideDrawer } from '../../ui/side-drawer.tsx';
import { CompanySwitcher } from './company-switcher.tsx';
import { NavLinks } from './nav-links.tsx';

/** The slide-in drawer below `lg` (portal-layout.tsx); choosing an entry or a company closes it. */
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
    <SideDrawer title="Portal menu" open={open} onOpenChange={onOpenChange}>
      <div className="rounded-md bg-slate-50 p-3">
        <p className="text-sm font-medium text-slate-900">{fullName}</p>
        <p className="text-xs text-slate-600">{companyName}</p>
      </div>
      <CompanySwitcher inDrawer onChosen={() => onOpenChange(false)} />
      <nav aria-label="Portal">
        <NavLinks vertical onNavigate={() => onOpenChange(false)} />
      </nav>
    </SideDrawer>
  );
}
