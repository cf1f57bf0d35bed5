import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, User, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { can } from '../../../shared/permissions.ts';
import { useCompanyHref, useCurrentCompany } from '../shared/use-company-query.ts';
import { Link } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { USER_MENU_TRIGGER } from './user-menu-trigger.ts';

const item =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-slate-900 outline-none select-none data-[highlighted]:bg-slate-100';

/**
 * The user menu itself (Radix DropdownMenu): loaded once the trigger is reached for
 * (user-menu.tsx), which then renders this with the same trigger, open if it was a click.
 */
export function UserMenuDropdown({
  fullName,
  companyName,
  trigger,
  defaultOpen,
  autoFocus,
}: {
  fullName: string;
  companyName: string;
  /** The trigger's content: the avatar and names (user-menu.tsx). */
  trigger: ReactNode;
  defaultOpen: boolean;
  /** The plain trigger it replaces had the focus: the new one takes it. */
  autoFocus: boolean;
}) {
  const company = useCurrentCompany();
  const hrefOf = useCompanyHref();
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable.
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        aria-label={`User menu: ${fullName}`}
        className={USER_MENU_TRIGGER}
        autoFocus={autoFocus}
      >
        {trigger}
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
