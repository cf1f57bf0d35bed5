import { Menu } from 'lucide-react';
import { cn } from './cn.ts';

/**
 * The width from which a header shows its entries in a row and needs no menu: `lg` for the
 * portal's five; `xl` for the workspace's nine areas, which overflow a row at 1024 px.
 * Written out whole, so Tailwind finds the classes.
 */
export type MenuBreakpoint = 'lg' | 'xl';
export const goneFrom: Record<MenuBreakpoint, string> = { lg: 'lg:hidden', xl: 'xl:hidden' };

/**
 * The header's button that opens its SideDrawer (side-drawer.tsx, whose code it does not bring:
 * the drawer loads when first opened, issue 42); gone from `upTo`, where the entries show.
 */
export function MenuButton({
  expanded,
  onOpen,
  upTo = 'lg',
}: {
  expanded: boolean;
  onOpen: () => void;
  upTo?: MenuBreakpoint;
}) {
  return (
    <button
      type="button"
      aria-label="Open menu"
      aria-expanded={expanded}
      onClick={onOpen}
      className={cn('rounded-md p-2 text-slate-700 hover:bg-slate-100', goneFrom[upTo])}
    >
      <Menu className="h-5 w-5" aria-hidden />
    </button>
  );
}
