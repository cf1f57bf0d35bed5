import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { company } from '../../shared/company.ts';
import { paths } from '../../shared/routes.ts';
import { useAuth } from '../lib/auth.ts';
import { cn } from '../ui/cn.ts';
import { ConfirmItIsYouDialog } from './second-factor/confirm-dialog.tsx';

const nav = [
  // The unmatched mail queue, the saved replies and the service levels are part of the help desk.
  {
    href: paths.staff,
    label: 'Help Desk',
    exact: true,
    also: [paths.staffUnmatchedMail, paths.staffSavedReplies, paths.staffServiceLevels],
  },
  { href: paths.staffLeads, label: 'Leads' },
  { href: paths.staffCustomers, label: 'Customers' },
  { href: paths.staffAudit, label: 'Audit Log' },
  { href: paths.staffSignIns, label: 'Sign-ins' },
  { href: paths.staffApi, label: 'API' },
  { href: paths.staffWebhooks, label: 'Webhooks' },
  { href: paths.staffSecurity, label: 'Security' },
] as const;

/** The staff workspace frame: navigation by area, who is signed in, logout. */
export function StaffLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { user } = useAuth();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3">
          <div className="flex flex-wrap items-center gap-6">
            <Link href={paths.staff} className="font-semibold text-slate-900">
              {company.shortName} <span className="text-slate-500">Staff</span>
            </Link>
            <nav aria-label="Staff" className="flex flex-wrap gap-1">
              {nav.map((item) => {
                const active =
                  'exact' in item
                    ? location === item.href || (item.also as readonly string[]).includes(location)
                    : location.startsWith(item.href);
                return (
                  <Link
                    key={item.href}
                    href={item.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'rounded-md px-3 py-2 text-sm font-medium',
                      active ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                    )}
                  >
                    {item.label}
                  </Link>
                );
              })}
            </nav>
          </div>
          <div className="flex items-center gap-3 text-sm">
            <span className="text-slate-700">
              {user ? `${user.firstName} ${user.lastName}` : ''}
            </span>
            <a
              href={paths.logout}
              className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100"
            >
              Logout
            </a>
          </div>
        </div>
      </header>
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
