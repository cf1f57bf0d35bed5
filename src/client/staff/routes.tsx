import { Route, Switch } from 'wouter';
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

/** The staff route set (signed-in users with role staff). */
export default function StaffRoutes() {
  return (
    <Switch>
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
