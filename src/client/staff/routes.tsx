import { Route, Switch } from 'wouter';
import { paths } from '../../shared/routes.ts';
import { NotFound } from '../not-found.tsx';
import { AuditPage } from './audit/audit-page.tsx';
import { CompanyPage } from './customers/company-page.tsx';
import { CustomersPage } from './customers/customers-page.tsx';
import { HelpdeskPage } from './helpdesk/helpdesk-page.tsx';
import { LeadsPage } from './leads/leads-page.tsx';
import { StaffLayout } from './layout.tsx';

/** The staff route set (signed-in users with role staff). */
export default function StaffRoutes() {
  return (
    <Switch>
      <Route path={paths.staff}>
        <StaffLayout>
          <HelpdeskPage />
        </StaffLayout>
      </Route>
      <Route path={paths.staffLeads}>
        <StaffLayout>
          <LeadsPage />
        </StaffLayout>
      </Route>
      <Route path={paths.staffCustomers}>
        <StaffLayout>
          <CustomersPage />
        </StaffLayout>
      </Route>
      <Route path={paths.staffCustomerPattern}>
        {(params) => (
          <StaffLayout>
            <CompanyPage customerId={params.customerId} />
          </StaffLayout>
        )}
      </Route>
      <Route path={paths.staffAudit}>
        <StaffLayout>
          <AuditPage />
        </StaffLayout>
      </Route>
      <Route component={NotFound} />
    </Switch>
  );
}
