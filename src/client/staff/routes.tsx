import type { ComponentType, ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useAuth } from '../lib/auth.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { paths } from '../../shared/routes.ts';
import { NotFound } from '../not-found.tsx';
import { ApiScreen } from './api/api-screen.tsx';
import { AuditScreen } from './audit/audit-screen.tsx';
import { CompanyScreen } from './companies/company-screen.tsx';
import { CompaniesScreen } from './companies/companies-screen.tsx';
import { HelpdeskScreen } from './helpdesk/helpdesk-screen.tsx';
import { SavedRepliesScreen } from './helpdesk/saved-replies-screen.tsx';
import { UnmatchedMailScreen } from './helpdesk/unmatched-mail-screen.tsx';
import { LeadsScreen } from './leads/leads-screen.tsx';
import { StaffLayout } from './layout.tsx';
import { SignInsScreen } from './sign-ins/sign-ins-screen.tsx';
import { SlaSettingsScreen } from './sla/sla-settings-screen.tsx';
import { WebhooksScreen } from './webhooks/webhooks-screen.tsx';
import { SecondFactorScreen } from './second-factor/second-factor-screen.tsx';
import { SecurityScreen } from './second-factor/security-screen.tsx';

/** The workspace's screens, each with its tab's title (its heading): ADR 053. */
const staffScreens: { path: string; title: string; Screen: ComponentType }[] = [
  { path: paths.staffSecurity, title: 'Security', Screen: SecurityScreen },
  { path: paths.staff, title: 'Help Desk', Screen: HelpdeskScreen },
  { path: paths.staffUnmatchedMail, title: 'Unmatched Mail', Screen: UnmatchedMailScreen },
  { path: paths.staffSavedReplies, title: 'Saved Replies', Screen: SavedRepliesScreen },
  { path: paths.staffServiceLevels, title: 'Service Levels', Screen: SlaSettingsScreen },
  { path: paths.staffLeads, title: 'Leads', Screen: LeadsScreen },
  { path: paths.staffCustomers, title: 'Customers', Screen: CompaniesScreen },
  { path: paths.staffAudit, title: 'Audit Log', Screen: AuditScreen },
  { path: paths.staffSignIns, title: 'Sign-in Log', Screen: SignInsScreen },
  { path: paths.staffApi, title: 'API', Screen: ApiScreen },
  { path: paths.staffWebhooks, title: 'Webhooks', Screen: WebhooksScreen },
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
        <Redirect to={paths.staff} replace />
      </Route>
      <Route path={paths.staffSecondFactor}>
        <Redirect to={paths.staff} replace />
      </Route>
      {staffScreens.map(({ path, title, Screen }) => (
        <Route key={path} path={path}>
          <StaffScreen title={title}>
            <Screen />
          </StaffScreen>
        </Route>
      ))}
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
