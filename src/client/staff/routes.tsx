import type { ComponentType, ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useAuth } from '../lib/auth.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { paths } from '../../shared/routes.ts';
import { NotFound } from '../not-found.tsx';
import { ApiScreen } from './api/api-screen.tsx';
import { AuditScreen } from './audit/audit-screen.tsx';
import { ReceivablesScreen } from './billing/receivables-screen.tsx';
import { CompanyScreen } from './companies/company-screen.tsx';
import { CompaniesScreen } from './companies/companies-screen.tsx';
import { HelpdeskScreen } from './helpdesk/helpdesk-screen.tsx';
import { SavedRepliesScreen } from './helpdesk/saved-replies-screen.tsx';
import { UnmatchedMailScreen } from './helpdesk/unmatched-mail-screen.tsx';
import { LeadsScreen } from './leads/leads-screen.tsx';
import { KnowledgeBaseScreen } from './knowledge-base/knowledge-base-screen.tsx';
import { MaintenanceScreen } from './status-page/maintenance-screen.tsx';
import { StatusPageScreen } from './status-page/status-page-screen.tsx';
import { StaffLayout } from './layout.tsx';
import { staffHomeFor } from './staff-nav.tsx';
import { staffCan, type StaffArea } from '../../shared/staff-permissions.ts';
import { SignInsScreen } from './sign-ins/sign-ins-screen.tsx';
import { SlaSettingsScreen } from './sla/sla-settings-screen.tsx';
import { WebhooksScreen } from './webhooks/webhooks-screen.tsx';
import { SecondFactorScreen } from './second-factor/second-factor-screen.tsx';
import { SecurityScreen } from './second-factor/security-screen.tsx';

/** The workspace's screens, each with its tab's title (its heading): ADR 053. */
// Each with the area it reads (ADR 058): a role without it lands on its own first area.
const staffScreens: { path: string; title: string; Screen: ComponentType; area?: StaffArea }[] = [
  { path: paths.staffSecurity, title: 'Security', Screen: SecurityScreen },
  { path: paths.staff, title: 'Help Desk', Screen: HelpdeskScreen, area: 'helpdesk' },
  {
    path: paths.staffUnmatchedMail,
    title: 'Unmatched Mail',
    Screen: UnmatchedMailScreen,
    area: 'helpdesk',
  },
  {
    path: paths.staffSavedReplies,
    title: 'Saved Replies',
    Screen: SavedRepliesScreen,
    area: 'savedReplies',
  },
  {
    path: paths.staffKnowledgeBase,
    title: 'Knowledge Base',
    Screen: KnowledgeBaseScreen,
    area: 'knowledgeBase',
  },
  {
    path: paths.staffStatusPage,
    title: 'Status Page',
    Screen: StatusPageScreen,
    area: 'statusPage',
  },
  {
    path: paths.staffMaintenance,
    title: 'Maintenance',
    Screen: MaintenanceScreen,
    area: 'statusPage',
  },
  {
    path: paths.staffServiceLevels,
    title: 'Service Levels',
    Screen: SlaSettingsScreen,
    area: 'serviceLevels',
  },
  { path: paths.staffLeads, title: 'Leads', Screen: LeadsScreen, area: 'leads' },
  { path: paths.staffCustomers, title: 'Customers', Screen: CompaniesScreen, area: 'companies' },
  {
    path: paths.staffReceivables,
    title: 'Accounts Receivable',
    Screen: ReceivablesScreen,
    area: 'invoices',
  },
  { path: paths.staffAudit, title: 'Audit Log', Screen: AuditScreen, area: 'auditLogs' },
  { path: paths.staffSignIns, title: 'Sign-in Log', Screen: SignInsScreen, area: 'auditLogs' },
  { path: paths.staffApi, title: 'API', Screen: ApiScreen, area: 'integrations' },
  { path: paths.staffWebhooks, title: 'Webhooks', Screen: WebhooksScreen, area: 'integrations' },
];

/** A screen in the workspace's layout, its tab named after it ("Leads · Staff | Meridian…"). */
function StaffScreen({ title, children }: { title?: string; children: ReactNode }) {
  useDocumentTitle(title && `${title} · Staff`);
  return <StaffLayout>{children}</StaffLayout>;
}

/** The staff route set (signed-in users with role staff). */
export default function StaffRoutes() {
  const { user } = useAuth();
  const [location] = useLocation();
  const role = user?.staffRole;
  const home = staffHomeFor(role);
  // Issue 19: past the mail link only, the workspace is the "Confirm it is you" screen.
  if (user?.secondFactorPending) {
    if (location !== paths.staffSecondFactor)
      return <Redirect to={paths.staffSecondFactor} replace />;
    return <SecondFactorScreen />;
  }
  return (
    <Switch>
      {/* Signed in, `/` is the customer's dashboard (ADR 049); staff's is the help desk. */}
      <Route path={paths.home}>
        <Redirect to={home} replace />
      </Route>
      <Route path={paths.staffSecondFactor}>
        <Redirect to={home} replace />
      </Route>
      {staffScreens.map(({ path, title, Screen, area }) => (
        <Route key={path} path={path}>
          {area && !staffCan(role, area, 'read') ? (
            <Redirect to={home} replace />
          ) : (
            <StaffScreen title={title}>
              <Screen />
            </StaffScreen>
          )}
        </Route>
      ))}
      <Route path={paths.staffTicketPattern}>
        {(params) =>
          staffCan(role, 'helpdesk', 'read') ? (
            <StaffScreen title={params.ticketId.toUpperCase()}>
              {/* Keyed: another notice's ticket is another screen, opened afresh. */}
              <HelpdeskScreen key={params.ticketId} ticketId={params.ticketId.toUpperCase()} />
            </StaffScreen>
          ) : (
            <Redirect to={home} replace />
          )
        }
      </Route>
      <Route path={paths.staffCustomerPattern}>
        {(params) => (
          // The company's screen names the tab after the company once it is read.
          <StaffScreen>
            <CompanyScreen companyId={params.customerId} />
          </StaffScreen>
        )}
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
