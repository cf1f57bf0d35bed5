import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { company } from '../../shared/company.ts';
import { paths } from '../../shared/routes.ts';
import { useAuth } from '../lib/auth.ts';
import { MenuButton } from '../ui/menu-button.tsx';
import { AvailabilityToggle } from './availability-toggle.tsx';
import { NotificationsBell } from './notifications-bell.tsx';
import { ConfirmItIsYouDialog } from './second-factor/confirm-dialog.tsx';
import { StaffMenu } from './staff-menu.tsx';
import { StaffNavLinks } from './staff-nav.tsx';
import { HeaderTimer } from './ticket-timer.tsx';

/** The staff workspace frame: navigation by area (a drawer below 1280 px), who is signed in, logout. */
export function StaffLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const fullName = user ? `${user.firstName} ${user.lastName}` : '';
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
          <MenuButton expanded={menuOpen} onOpen={() => setMenuOpen(true)} upTo="xl" />
          <Link href={paths.staff} className="font-semibold whitespace-nowrap text-slate-900">
            {company.shortName} <span className="text-slate-500">Staff</span>
          </Link>
          <nav aria-label="Staff" className="hidden xl:block">
            <StaffNavLinks />
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <div className="hidden lg:block">
              <AvailabilityToggle compact />
            </div>
            <NotificationsBell />
            {/* Nine areas fill the row at 1280 px: the name (also in the menu) from 1536. */}
            <span className="hidden text-slate-700 2xl:inline">{fullName}</span>
            <a
              href={paths.logout}
              className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100"
            >
              Logout
            </a>
          </div>
        </div>
        <HeaderTimer />
      </header>
      <StaffMenu open={menuOpen} onOpenChange={setMenuOpen} fullName={fullName} />
      <main className="mx-auto max-w-7xl px-4 py-8">{children}</main>
      <ConfirmItIsYouDialog />
    </div>
  );
}

/** A screen's heading row with an optional action on the right. */
export function PageHeader({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {action}
    </div>
  );
}
