import { SideDrawer } from '../ui/side-drawer.tsx';
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
    <SideDrawer title="Staff menu" open={open} onOpenChange={onOpenChange}>
      <p className="rounded-md bg-slate-50 p-3 text-sm font-medium text-slate-900">{fullName}</p>
      <nav aria-label="Staff">
        <StaffNavLinks vertical onNavigate={() => onOpenChange(false)} />
      </nav>
    </SideDrawer>
  );
}
