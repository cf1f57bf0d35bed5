import { Route, Switch } from 'wouter';
import { paths } from '../../shared/routes.ts';
import { NotFound } from '../not-found.tsx';
import { DashboardScreen } from './dashboard/dashboard-screen.tsx';
import { DocumentsScreen } from './documents/documents-screen.tsx';
import { InvoicesScreen } from './invoices/invoices-screen.tsx';
import { PortalLayout } from './layout/portal-layout.tsx';
import { ProjectsScreen } from './projects/projects-screen.tsx';
import ProfilePage from './profile/profile-page.tsx';
import TicketsPage from './tickets/tickets-page.tsx';

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
