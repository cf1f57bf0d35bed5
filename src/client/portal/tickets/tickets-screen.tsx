import { CheckCircle2, Clock, Inbox } from 'lucide-react';
import { useState } from 'react';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { Card, CardBody } from '../../ui/card.tsx';
import { EmptyState } from '../shared/empty-state.tsx';
import { ListToolbar } from '../shared/list-toolbar.tsx';
import { NoCompany, QueryError, ScreenSkeleton } from '../shared/query-state.tsx';
import { SampleNotice, rowsOrSample } from '../shared/sample-notice.tsx';
import { StatCard } from '../shared/stat-card.tsx';
import { useCompanyQuery } from '../shared/use-company-query.ts';
import { filterTickets, type TicketFilters } from './filter.ts';
import { NewTicketDialog } from './new-ticket-dialog.tsx';
import { sampleTickets } from './sample-tickets.ts';
import { TicketDetailDialog } from './ticket-detail-dialog.tsx';
import { TicketTable } from './ticket-table.tsx';

const statusFilterOptions = statusOptions('ticketStatus', 'All');
const priorityFilterOptions = statusOptions('priority', 'All');

/**
 * Spec section 2 "Tickets": summary cards, search and filters, the table and the two dialogs.
 * Content only: the portal layout around it provides the header and the main landmark.
 */
export function TicketsScreen() {
  const query = useCompanyQuery(portalQueries.tickets);
  const company = query.company;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Support Tickets</h1>
          <p className="text-sm text-slate-600">Raise a request and follow the conversation.</p>
        </div>
        {company && <NewTicketDialog companyId={company.id} />}
      </div>
      {!company ? (
        <NoCompany />
      ) : query.isPending ? (
        <ScreenSkeleton cards={3} rows={3} />
      ) : query.isError ? (
        <QueryError error={query.error} what="tickets" onRetry={() => void query.refetch()} />
      ) : (
        <TicketList tickets={query.data} company={company} />
      )}
    </div>
  );
}

function TicketList({
  tickets,
  company,
}: {
  tickets: Ticket[];
  company: { id: string; name: string };
}) {
  const { rows, isSample } = rowsOrSample(tickets, sampleTickets);
  const [filters, setFilters] = useState<TicketFilters>({
    search: '',
    status: 'all',
    priority: 'all',
  });
  // The id, not the object: the open dialog follows the list as it refetches.
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const shown = filterTickets(rows, filters);
  const selected = rows.find((t) => t.id === selectedId) ?? null;
  const count = (status: Ticket['status']) => rows.filter((t) => t.status === status).length;

  return (
    <>
      {isSample && <SampleNotice company={company.name} what="tickets" />}
      <section aria-label="Ticket summary" className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Open" value={count('open')} icon={Inbox} />
        <StatCard label="Pending" value={count('pending')} icon={Clock} />
        <StatCard label="Closed" value={count('closed')} icon={CheckCircle2} />
      </section>

      <Card>
        <CardBody className="grid gap-4">
          <ListToolbar
            searchLabel="Search tickets"
            search={filters.search}
            onSearch={(search) => setFilters({ ...filters, search })}
            filters={[
              {
                label: 'Filter by status',
                prefix: 'Status',
                value: filters.status,
                options: statusFilterOptions,
                onChange: (status) => setFilters({ ...filters, status }),
              },
              {
                label: 'Filter by priority',
                prefix: 'Priority',
                value: filters.priority,
                options: priorityFilterOptions,
                onChange: (priority) => setFilters({ ...filters, priority }),
              },
            ]}
          />
          {shown.length === 0 ? (
            <EmptyState>No tickets found</EmptyState>
          ) : (
            <TicketTable tickets={shown} onView={setSelectedId} />
          )}
        </CardBody>
      </Card>

      <TicketDetailDialog
        companyId={company.id}
        ticket={selected}
        isSample={isSample}
        onClose={() => setSelectedId(null)}
      />
    </>
  );
}
