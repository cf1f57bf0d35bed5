import { Link, useLocation } from 'wouter';
import { paths } from '../../shared/routes.ts';
import { cn } from '../ui/cn.ts';

const entries = [
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
  { href: paths.staffSignIns, label: 'Sign-in Log' },
  { href: paths.staffApi, label: 'API' },
  { href: paths.staffWebhooks, label: 'Webhooks' },
  { href: paths.staffSecurity, label: 'Security' },
] as const;

/** The workspace's areas, as a row (header) or a column (the menu drawer). */
export function StaffNavLinks({
  vertical = false,
  onNavigate,
}: {
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const [location] = useLocation();
  return (
    <div className={cn('flex gap-1', vertical ? 'flex-col' : 'items-center')}>
      {entries.map((item) => {
        const active =
          'exact' in item
            ? location === item.href || (item.also as readonly string[]).includes(location)
            : location.startsWith(item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap',
              active ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {item.label}
          </Link>
        );
      })}
    </div>
  );
}
