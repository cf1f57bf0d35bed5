import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut, User, Users } from 'lucide-react';
import { can } from '../../../shared/permissions.ts';
import { useCompanyHref, useCurrentCompany } from '../shared/use-company-query.ts';
import { Link } from 'wouter';
import { cn } from '../../ui/cn.ts';
import { paths } from '../../../shared/routes.ts';

const item =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-slate-900 outline-none select-none data-[highlighted]:bg-slate-100';

/**
 * The signed-in person and their first company, with Profile & Settings and Logout. Beside
 * the company switcher (from `lg`) the trigger leaves the company to it, and up to `xl` shows
 * the avatar alone, so the header row fits (review V3); the menu's label names both.
 */
export function UserMenu({
  fullName,
  companyName,
  besideSwitcher,
}: {
  fullName: string;
  companyName: string;
  besideSwitcher: boolean;
}) {
  const company = useCurrentCompany();
  const hrefOf = useCompanyHref();
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`User menu: ${fullName}`}
        className="flex items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-slate-100"
      >
        <span
          aria-hidden
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
        >
          {initials(fullName)}
        </span>
        <span className={cn('hidden leading-tight md:block', besideSwitcher && 'lg:max-xl:hidden')}>
          <span className="block max-w-36 truncate text-sm font-medium text-slate-900">
            {fullName}
          </span>
          <span
            className={cn(
              'block max-w-36 truncate text-xs text-slate-600',
              besideSwitcher && 'lg:hidden',
            )}
          >
            {companyName}
          </span>
        </span>
        <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs text-slate-600">
            {fullName}
            {companyName && <span className="block">{companyName}</span>}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={item}>
            <Link href={hrefOf(paths.profile)}>
              <User className="h-4 w-4" aria-hidden />
              Profile & Settings
            </Link>
          </DropdownMenu.Item>
          {can(company?.role, 'team') && (
            <DropdownMenu.Item asChild className={item}>
              <Link href={hrefOf(paths.team)}>
                <Users className="h-4 w-4" aria-hidden />
                Colleagues
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={item}>
            {/* A full navigation: the server ends the session and redirects. */}
            <a href={paths.logout}>
              <LogOut className="h-4 w-4" aria-hidden />
              Logout
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() ?? '');
  return (letters[0] ?? '') + (letters.length > 1 ? (letters.at(-1) ?? '') : '') || 'U';
}
