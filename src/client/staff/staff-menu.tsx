import { SideDrawer } from '../ui/side-drawer.tsx';
import { AvailabilityToggle } from './availability-toggle.tsx';
import { StaffNavLinks } from './staff-nav.tsx';

/**
 * The workspace's areas below 1280 px, where its nine entries do not fit one row beside the
 * bell and Logout (issue 36: at 390 px they wrapped into four rows above every screen).
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
    <SideDrawer title="Staff menu" open={open} onOpenChange={onOpenChange} upTo="xl">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-slate-50 p-3">
        <p className="text-sm font-medium text-slate-900">{fullName}</p>
        <AvailabilityToggle />
      </div>
      <nav aria-label="Staff">
        <StaffNavLinks vertical onNavigate={() => onOpenChange(false)} />
      </nav>
    </SideDrawer>
  );
}
