import { ChevronDown } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { cn } from '../../ui/cn.ts';
import { USER_MENU_TRIGGER } from './user-menu-trigger.ts';
import type { UserMenuDropdown } from './user-menu-dropdown.tsx';

/**
 * The signed-in person and their first company, with Profile & Settings and Logout. Beside
 * the company switcher (from `lg`) the trigger leaves the company to it, and up to `xl` shows
 * the avatar alone, so the header row fits (review V3); the menu's label names both.
 * Issue 42: the menu's code (Radix DropdownMenu) loads when the pointer or the keyboard reaches
 * the trigger, not before the screen paints. Until then the trigger is a plain button of the
 * same look; a click on it opens the menu as soon as the code is in.
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
  const [Dropdown, setDropdown] = useState<ComponentType<
    Parameters<typeof UserMenuDropdown>[0]
  > | null>(null);
  const [openAsked, setOpenAsked] = useState(false);
  const [focused, setFocused] = useState(false);
  const reach = () =>
    void import('./user-menu-dropdown.tsx').then((m) => setDropdown(() => m.UserMenuDropdown));
  const trigger = (
    <>
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
    </>
  );
  if (Dropdown) {
    return (
      <Dropdown
        fullName={fullName}
        companyName={companyName}
        trigger={trigger}
        defaultOpen={openAsked}
        // The plain button held the focus: the menu's trigger takes it over.
        autoFocus={focused}
      />
    );
  }
  return (
    <button
      type="button"
      aria-label={`User menu: ${fullName}`}
      aria-haspopup="menu"
      aria-expanded={false}
      className={USER_MENU_TRIGGER}
      onPointerEnter={reach}
      onFocus={() => {
        setFocused(true);
        reach();
      }}
      onBlur={() => setFocused(false)}
      onClick={() => {
        setOpenAsked(true);
        reach();
      }}
    >
      {trigger}
    </button>
  );
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() ?? '');
  return (letters[0] ?? '') + (letters.length > 1 ? (letters.at(-1) ?? '') : '') || 'U';
}
