import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { cn } from '../../ui/cn.ts';
import { portalScreens } from '../screens.tsx';
import { useCompanyHref, useCurrentCompany } from '../shared/use-company-query.ts';
import { can } from '../../../shared/permissions.ts';

/** Spec section 2: the five entries, in the table's order. */
const navEntries = portalScreens.flatMap((screen) =>
  screen.nav
    ? [
        {
          ...screen.nav,
          paths: screen.paths,
          href: screen.paths[0] ?? '',
          permission: screen.permission,
          preload: screen.preload,
        },
      ]
    : [],
);

/** An entry is active on any of its screen's paths and below its first one ("/" and "/portal" mark Dashboard). */
function isActive(entry: (typeof navEntries)[number], location: string): boolean {
  return entry.paths.includes(location) || location.startsWith(`${entry.href}/`);
}

/** The five entries, as a row (header) or a column (mobile drawer). */
export function NavLinks({
  vertical,
  onNavigate,
}: {
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const [location] = useLocation();
  const company = useCurrentCompany();
  const hrefOf = useCompanyHref();
  const client = useQueryClient();
  // Issue 18: an entry the role may not open is not shown (the server refuses it anyway).
  const shown = navEntries.filter((e) => !e.permission || can(company?.role, e.permission));
  return (
    <ul className={cn('flex gap-1', vertical && 'flex-col')}>
      {shown.map((entry) => {
        const active = isActive(entry, location);
        const Icon = entry.icon;
        return (
          <li key={entry.href}>
            <Link
              href={hrefOf(entry.href)}
              onClick={onNavigate}
              // Issue 42: the screen's code and first data are asked for as the pointer or the
              // keyboard reaches its entry, so the click finds them in memory. Not on idle: the
              // code's evaluation then fell in the first screen's own work (Lighthouse's TBT).
              onPointerEnter={() => void entry.preload(client, company ?? undefined)}
              onFocus={() => void entry.preload(client, company ?? undefined)}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium',
                active
                  ? 'bg-brand-50 text-brand-700'
                  : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )}
            >
              {/* In the header row from `xl` only: below it the five entries fit without. */}
              <Icon className={cn('h-4 w-4', !vertical && 'hidden xl:block')} aria-hidden />
              {entry.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
