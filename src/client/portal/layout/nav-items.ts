import {
  FileText,
  FolderKanban,
  FolderOpen,
  LayoutDashboard,
  Ticket,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../../shared/routes.ts';

export type NavItem = { label: string; href: string; icon: LucideIcon; prefixes: string[] };

/** Spec section 2: the five portal entries, each active under its path prefix. */
export const navItems: readonly NavItem[] = [
  {
    label: 'Dashboard',
    href: paths.dashboard,
    icon: LayoutDashboard,
    // "/" and "/portal" show the dashboard too.
    prefixes: [paths.dashboard],
  },
  { label: 'Invoices', href: paths.invoices, icon: FileText, prefixes: [paths.invoices] },
  { label: 'Projects', href: paths.projects, icon: FolderKanban, prefixes: [paths.projects] },
  { label: 'Tickets', href: paths.tickets, icon: Ticket, prefixes: [paths.tickets] },
  { label: 'Documents', href: paths.documents, icon: FolderOpen, prefixes: [paths.documents] },
];

export function isActive(item: NavItem, location: string): boolean {
  if (item.href === paths.dashboard && (location === paths.portal || location === paths.home)) {
    return true;
  }
  return item.prefixes.some((p) => location === p || location.startsWith(`${p}/`));
}
