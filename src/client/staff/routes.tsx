import { Redirect, Route, Switch, useLocation } from 'wouter';
import { useAuth } from '../lib/auth.ts';
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
      <Route path={paths.staffSecondFactor}>
        <Redirect to={paths.staff} replace />
      </Route>
      <Route path={paths.staffSecurity}>
        <StaffLayout>
          <SecurityScreen />
        </StaffLayout>
      </Route>
      <Route path={paths.staff}>
        <StaffLayout>
          <HelpdeskScreen />
        </StaffLayout>
      </Route>
      <Route path={paths.staffUnmatchedMail}>
        <StaffLayout>
          <UnmatchedMailScreen />
        </StaffLayout>
      </Route>
      <Route path={paths.staffSavedReplies}>
        <StaffLayout>
          <SavedRepliesScreen />
        </StaffLayout>
      </Route>
      <Route path={paths.staffServiceLevels}>
        <StaffLayout>
          <SlaSettingsScreen />
        </StaffLayout>
      </Route>
      <Route path={paths.staffLeads}>
        <StaffLayout>
          <LeadsScreen />
        </StaffLayout>
      </Route>
      <Route path={paths.staffCustomers}>
        <StaffLayout>
          <CompaniesScreen />
        </StaffLayout>
      </Route>
      <Route path={paths.staffCustomerPattern}>
        {(params) => (
          <StaffLayout>
            <CompanyScreen companyId={params.customerId} />
          </StaffLayout>
        )}
      </Route>
      <Route path={paths.staffAudit}>
        <StaffLayout>
          <AuditScreen />
        </StaffLayout>
      </Route>
      <Route path={paths.staffSignIns}>
        <StaffLayout>
          <SignInsScreen />
        </StaffLayout>
      </Route>
      <Route path={paths.staffApi}>
        <StaffLayout>
          <ApiScreen />
        </StaffLayout>
      </Route>
      <Route path={paths.staffWebhooks}>
        <StaffLayout>
          <WebhooksScreen />
        </StaffLayout>
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
