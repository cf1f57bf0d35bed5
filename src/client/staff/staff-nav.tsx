import { Link, useLocation } from 'wouter';
import { paths } from '../../shared/routes.ts';
import { staffCan, type StaffArea, type StaffRole } from '../../shared/staff-permissions.ts';
import { useAuth } from '../lib/auth.ts';
import { cn } from '../ui/cn.ts';

/** Each area's entry, with the area its screen reads (ADR 058); Security is everyone's own. */
const entries: {
  href: string;
  label: string;
  area?: StaffArea;
  exact?: true;
  also?: readonly string[];
}[] = [
  // The unmatched mail queue, the saved replies, the service levels, the knowledge base and the
  // status page are part of the help desk.
  {
    href: paths.staff,
    label: 'Help Desk',
    area: 'helpdesk',
    exact: true,
    also: [
      paths.staffUnmatchedMail,
      paths.staffSavedReplies,
      paths.staffServiceLevels,
      paths.staffKnowledgeBase,
      paths.staffStatusPage,
      paths.staffMaintenance,
    ],
  },
  { href: paths.staffLeads, label: 'Leads', area: 'leads' },
  { href: paths.staffCustomers, label: 'Customers', area: 'companies' },
  { href: paths.staffReceivables, label: 'Receivables', area: 'invoices' },
  { href: paths.staffAudit, label: 'Audit Log', area: 'auditLogs' },
  { href: paths.staffSignIns, label: 'Sign-in Log', area: 'auditLogs' },
  { href: paths.staffApi, label: 'API', area: 'integrations' },
  { href: paths.staffWebhooks, label: 'Webhooks', area: 'integrations' },
  { href: paths.staffSecurity, label: 'Security' },
];

/** The entries a role may read, in the bar's order. */
export const entriesFor = (role: StaffRole | undefined) =>
  entries.filter((item) => !item.area || staffCan(role, item.area, 'read'));

/** Where a role lands in the workspace: its first area (the help desk, for most). */
export const staffHomeFor = (role: StaffRole | undefined) =>
  entriesFor(role)[0]?.href ?? paths.staffSecurity;

/** The workspace's areas, as a row (header) or a column (the menu drawer). */
export function StaffNavLinks({
  vertical = false,
  onNavigate,
}: {
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const [location] = useLocation();
  const { user } = useAuth();
  return (
    <div className={cn('flex gap-1', vertical ? 'flex-col' : 'items-center')}>
      {entriesFor(user?.staffRole).map((item) => {
        const active = item.exact
          ? location === item.href || (item.also ?? []).includes(location)
          : location.startsWith(item.href);
        return (
          <Link
            key={item.href}
            href={item.href}
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            className={cn(
              // Narrower below 1536 px, where nine areas share the row with the switch and the bell.
              'rounded-md py-2 text-sm font-medium whitespace-nowrap',
              vertical ? 'px-3' : 'px-2 2xl:px-3',
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
