import {
  FileText,
  FolderKanban,
  FolderOpen,
  LayoutDashboard,
  Ticket,
  type LucideIcon,
} from 'lucide-react';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import type { Permission } from '../../shared/permissions.ts';
import { paths } from '../../shared/routes.ts';
import { DashboardScreen, prefetchDashboard } from './dashboard/dashboard-screen.tsx';
import type { PortalCompany } from './shared/use-company-query.ts';

/** Asks for what a screen reads first, before it opens. */
type Prefetch = (client: QueryClient, company: PortalCompany) => void;

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
  /**
   * Loads the screen's code and, given the company, asks for its first data (issue 42): the
   * navigation calls it when the pointer or the keyboard reaches the screen's entry, so a
   * second screen paints from memory.
   */
  preload: (client?: QueryClient, company?: PortalCompany) => Promise<void>;
};

/** A screen whose code loads when it is first opened, or sooner by `preload`. */
function lazyScreen(load: () => Promise<{ Screen: ComponentType; prefetch?: Prefetch }>) {
  return {
    Screen: lazy(async () => ({ default: (await load()).Screen })),
    preload: async (client?: QueryClient, company?: PortalCompany) => {
      const screen = await load();
      if (client && company) screen.prefetch?.(client, company);
    },
  };
}

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
    preload: async (client, company) => {
      if (client && company) prefetchDashboard(client, company);
    },
  },
  {
    paths: [paths.invoices],
    title: 'Invoices',
    nav: { label: 'Invoices', icon: FileText },
    permission: 'invoices',
    ...lazyScreen(() =>
      import('./invoices/invoices-screen.tsx').then((m) => ({
        Screen: m.InvoicesScreen,
        prefetch: m.prefetchInvoices,
      })),
    ),
  },
  {
    paths: [paths.projects],
    title: 'Projects',
    nav: { label: 'Projects', icon: FolderKanban },
    ...lazyScreen(() =>
      import('./projects/projects-screen.tsx').then((m) => ({
        Screen: m.ProjectsScreen,
        prefetch: m.prefetchProjects,
      })),
    ),
  },
  {
    paths: [paths.tickets],
    title: 'Tickets',
    nav: { label: 'Tickets', icon: Ticket },
    ...lazyScreen(() =>
      import('./tickets/tickets-screen.tsx').then((m) => ({
        Screen: m.TicketsScreen,
        prefetch: m.prefetchTickets,
      })),
    ),
  },
  {
    paths: [paths.documents],
    title: 'Documents',
    nav: { label: 'Documents', icon: FolderOpen },
    ...lazyScreen(() =>
      import('./documents/documents-screen.tsx').then((m) => ({
        Screen: m.DocumentsScreen,
        prefetch: m.prefetchDocuments,
      })),
    ),
  },
  {
    paths: [paths.profile],
    title: 'Profile & Settings',
    ...lazyScreen(() =>
      import('./profile/profile-screen.tsx').then((m) => ({ Screen: m.ProfileScreen })),
    ),
  },
  {
    // Issue 18: reached from the user menu, so the spec's five navigation entries stay.
    paths: [paths.team],
    title: 'Colleagues',
    permission: 'team',
    ...lazyScreen(() => import('./team/team-screen.tsx').then((m) => ({ Screen: m.TeamScreen }))),
  },
  {
    // Issue 40 (ADR 072): a quote to sign, reached from its mail; not in the navigation.
    paths: [paths.quotePattern],
    title: 'Quote',
    permission: 'quotes',
    ...lazyScreen(() =>
      import('./quotes/quote-screen.tsx').then((m) => ({ Screen: m.QuoteScreen })),
    ),
  },
  {
    // Issue 43 (ADR 078): an article for customers, linked from suggestions and agents' replies.
    paths: [paths.portalArticlePattern],
    title: 'Help Article',
    permission: 'knowledgeBase',
    ...lazyScreen(() =>
      import('./knowledge-base/article-screen.tsx').then((m) => ({ Screen: m.ArticleScreen })),
    ),
  },
];
