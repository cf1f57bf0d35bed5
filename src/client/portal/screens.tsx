import {
  FileText,
  FolderKanban,
  FolderOpen,
  LayoutDashboard,
  Ticket,
  type LucideIcon,
} from 'lucide-react';
import { lazy, type ComponentType } from 'react';
import type { Permission } from '../../shared/permissions.ts';
import { paths } from '../../shared/routes.ts';
import { DashboardScreen } from './dashboard/dashboard-screen.tsx';

export type PortalScreen = {
  /** The addresses that show the screen; the first is where its navigation entry links. */
  paths: readonly string[];
  /** Its name in the browser tab's title. */
  title: string;
  /** Its entry in the portal navigation (spec section 2), in the table's order; none for Profile. */
  nav?: { label: string; icon: LucideIcon };
  /** What the user's role in the shown company must allow (src/shared/permissions.ts). */
  permission?: Permission;
  Screen: ComponentType;
};

/** A screen whose code loads when it is first opened. */
const lazyScreen = (load: () => Promise<ComponentType>) =>
  lazy(async () => ({ default: await load() }));

/**
 * Every portal screen, once: the routes (portal/routes.tsx) and the navigation
 * (layout/nav-links.tsx) are both read from here. The dashboard is where every sign-in
 * lands, so it comes with the layout; the other screens load when opened.
 */
export const portalScreens: readonly PortalScreen[] = [
  {
    paths: [paths.dashboard, paths.portal, paths.home],
    title: 'Dashboard',
    nav: { label: 'Dashboard', icon: LayoutDashboard },
    Screen: DashboardScreen,
  },
  {
    paths: [paths.invoices],
    title: 'Invoices',
    nav: { label: 'Invoices', icon: FileText },
    permission: 'invoices',
    Screen: lazyScreen(() =>
      import('./invoices/invoices-screen.tsx').then((m) => m.InvoicesScreen),
    ),
  },
  {
    paths: [paths.projects],
    title: 'Projects',
    nav: { label: 'Projects', icon: FolderKanban },
    Screen: lazyScreen(() =>
      import('./projects/projects-screen.tsx').then((m) => m.ProjectsScreen),
    ),
  },
  {
    paths: [paths.tickets],
    title: 'Tickets',
    nav: { label: 'Tickets', icon: Ticket },
    Screen: lazyScreen(() => import('./tickets/tickets-screen.tsx').then((m) => m.TicketsScreen)),
  },
  {
    paths: [paths.documents],
    title: 'Documents',
    nav: { label: 'Documents', icon: FolderOpen },
    Screen: lazyScreen(() =>
      import('./documents/documents-screen.tsx').then((m) => m.DocumentsScreen),
    ),
  },
  {
    paths: [paths.profile],
    title: 'Profile & Settings',
    Screen: lazyScreen(() => import('./profile/profile-screen.tsx').then((m) => m.ProfileScreen)),
  },
  {
    // Issue 18: reached from the user menu, so the spec's five navigation entries stay.
    paths: [paths.team],
    title: 'Colleagues',
    permission: 'team',
    Screen: lazyScreen(() => import('./team/team-screen.tsx').then((m) => m.TeamScreen)),
  },
  {
    // Issue 40 (ADR 072): a quote to sign, reached from its mail; not in the navigation.
    paths: [paths.quotePattern],
    title: 'Quote',
    permission: 'quotes',
    Screen: lazyScreen(() => import('./quotes/quote-screen.tsx').then((m) => m.QuoteScreen)),
  },
  {
    // Issue 43 (ADR 078): an article for customers, linked from suggestions and agents' replies.
    paths: [paths.portalArticlePattern],
    title: 'Help Article',
    permission: 'knowledgeBase',
    Screen: lazyScreen(() =>
      import('./knowledge-base/article-screen.tsx').then((m) => m.ArticleScreen),
    ),
  },
];
