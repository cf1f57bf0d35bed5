import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '../../shared/routes.ts';
import { NotFound } from '../not-found.tsx';
import { DashboardScreen } from './dashboard/dashboard-screen.tsx';
import { PortalLayout as Layout } from './layout/portal-layout.tsx';
import { ScreenSkeleton } from './shared/query-state.tsx';

// The dashboard is where every sign-in lands: it comes with the layout. The other screens
// (tables, forms, dialogs) load when opened.
const DocumentsScreen = lazy(() =>
  import('./documents/documents-screen.tsx').then((m) => ({ default: m.DocumentsScreen })),
);
const InvoicesScreen = lazy(() =>
  import('./invoices/invoices-screen.tsx').then((m) => ({ default: m.InvoicesScreen })),
);
const ProjectsScreen = lazy(() =>
  import('./projects/projects-screen.tsx').then((m) => ({ default: m.ProjectsScreen })),
);
const ProfilePage = lazy(() => import('./profile/profile-page.tsx'));
const TicketsPage = lazy(() => import('./tickets/tickets-page.tsx'));

/** The layout around a screen, with a skeleton while a lazy screen loads. */
function PortalLayout({ children }: { children: ReactNode }) {
  return (
    <Layout>
      <Suspense fallback={<ScreenSkeleton />}>{children}</Suspense>
    </Layout>
  );
}

/**
 * The signed-in route set (spec section 2). Each screen is content only, inside the
 * shared layout; routes are written out (not mapped) so the layout is kept, not
 * remounted, when moving between screens. Other paths get the 404 screen alone.
 */
export default function PortalRoutes() {
  return (
    <Switch>
      <Route path={paths.home}>
        <PortalLayout>
          <DashboardScreen />
        </PortalLayout>
      </Route>
      <Route path={paths.portal}>
        <PortalLayout>
          <DashboardScreen />
        </PortalLayout>
      </Route>
      <Route path={paths.dashboard}>
        <PortalLayout>
          <DashboardScreen />
        </PortalLayout>
      </Route>
      <Route path={paths.invoices}>
        <PortalLayout>
          <InvoicesScreen />
        </PortalLayout>
      </Route>
      <Route path={paths.projects}>
        <PortalLayout>
          <ProjectsScreen />
        </PortalLayout>
      </Route>
      <Route path={paths.documents}>
        <PortalLayout>
          <DocumentsScreen />
        </PortalLayout>
      </Route>
      <Route path={paths.tickets}>
        <PortalLayout>
          <TicketsPage />
        </PortalLayout>
      </Route>
      <Route path={paths.profile}>
        <PortalLayout>
          <ProfilePage />
        </PortalLayout>
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
