import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../ui/button.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { InvoicesCard } from '../billing/invoices-card.tsx';
import { QuotesCard } from '../billing/quotes-card.tsx';
import { RecurringInvoicesCard } from '../billing/recurring-invoices-card.tsx';
import { AgreementsCard } from '../billing/agreements-card.tsx';
import { ProjectsCard } from '../delivery/projects-card.tsx';
import { TimeCard } from '../delivery/time-card.tsx';
import { DocumentsCard } from '../documents/documents-card.tsx';
import { PageHeader } from '../layout.tsx';
import { QueryState } from '../query-state.tsx';
import { CompanyFormDialog } from './company-form-dialog.tsx';
import { CompanySlaCard } from '../sla/company-sla-card.tsx';
import { ScheduledTicketsCard } from './scheduled-tickets-card.tsx';
import { SsoCard } from './sso-card.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { UsersCard } from './users-card.tsx';

/**
 * One company: its details, users, sign-on, SLA targets, scheduled tickets, invoices, projects,
 * hours and documents.
 */
export function CompanyScreen({ companyId }: { companyId: string }) {
  const [editing, setEditing] = useState(false);
  const company = useQuery(staffQueries.company(companyId));
  useDocumentTitle(`${company.data?.name ?? 'Customer'} · Staff`);
  // Each card shows what the role reads (ADR 058): a card it may not read would say only
  // "Could not load"; the scheduled tickets are the help desk's, the sign-on the auditor's too.
  const canEdit = useStaffCan('companies');
  const readsSignOn = useStaffCan('signInSettings', 'read');
  const readsSchedules = useStaffCan('helpdesk', 'read');
  return (
    <>
      <Link href={paths.staffCustomers} className="text-sm text-brand-600 hover:underline">
        ← All customers
      </Link>
      <QueryState query={company} empty="Company not found" isEmpty={() => false}>
        {(c) => (
          <div className="mt-2 grid grid-cols-1 gap-6">
            <PageHeader
              title={c.name}
              action={
                canEdit && (
                  <Button variant="secondary" onClick={() => setEditing(true)}>
                    Edit Company
                  </Button>
                )
              }
            />
            <p className="-mt-4 text-sm text-slate-600">
              {[c.email, c.phone, c.address].filter(Boolean).join(' · ') || 'No contact details'}
            </p>
            <UsersCard company={c} />
            {readsSignOn && <SsoCard companyId={c.id} />}
            <CompanySlaCard companyId={c.id} />
            {readsSchedules && <ScheduledTicketsCard companyId={c.id} />}
            <InvoicesCard companyId={c.id} />
            <RecurringInvoicesCard companyId={c.id} />
            <AgreementsCard companyId={c.id} />
            <QuotesCard companyId={c.id} />
            <ProjectsCard companyId={c.id} />
            <TimeCard companyId={c.id} />
            <DocumentsCard companyId={c.id} />
            {editing && <CompanyFormDialog company={c} onClose={() => setEditing(false)} />}
          </div>
        )}
      </QueryState>
    </>
  );
}
