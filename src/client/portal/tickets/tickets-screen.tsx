import { CheckCircle2, Clock, Inbox } from 'lucide-react';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import type { Ticket, TicketSummary } from '../../../shared/schemas/tickets.ts';
import { ticketPriorities, ticketStatuses } from '../../../shared/status-values.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { NoCompany, QueryError, ScreenSkeleton } from '../shared/query-state.tsx';
import { SampleNotice } from '../shared/sample-notice.tsx';
import { can } from '../../../shared/permissions.ts';
import { StatCard, StatGrid } from '../shared/stat-card.tsx';
import {
  useCompanyQuery,
  useCurrentCompany,
  type PortalCompany,
} from '../shared/use-company-query.ts';
import { filterTickets, type TicketFilters } from './filter.ts';
import { sampleTickets } from '../shared/sample-tickets.ts';
import { Button } from '../../ui/button.tsx';
import { MountWhen } from '../../ui/mount-when.tsx';

// The dialogs (the new ticket's form above all) load when first opened, or as the pointer
// or keyboard reaches the button: not before the list paints (issue 42).
const loadNewTicketDialog = () => import('./new-ticket-dialog.tsx');
const NewTicketDialog = lazy(() =>
  loadNewTicketDialog().then((m) => ({ default: m.NewTicketDialog })),
);
const TicketDetailDialog = lazy(() =>
  import('./ticket-detail-dialog.tsx').then((m) => ({ default: m.TicketDetailDialog })),
);
import { ticketTable } from './ticket-table.tsx';
import { PagedListCard } from '../shared/paged-list-card.tsx';

const statusFilterOptions = statusOptions('ticketStatus', 'All');
const priorityFilterOptions = statusOptions('priority', 'All');

/**
 * Spec section 2 "Tickets": summary cards, search and filters, the table and the two dialogs.
 * Content only: the portal layout around it provides the header and the main landmark.
 */
/** What the screen reads first, asked for before it opens (its entry hovered or focused). */
export function prefetchTickets(client: QueryClient, company: PortalCompany) {
  void client.prefetchQuery(portalQueries.ticketSummary(company.id));
  void client.prefetchInfiniteQuery(portalQueries.tickets(company.id, { q: '' }));
}

export function TicketsScreen() {
  const query = useCompanyQuery(portalQueries.ticketSummary);
  const company = query.company;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Support Tickets</h1>
          <p className="text-sm text-slate-600">Raise a request and follow the conversation.</p>
        </div>
        {company && <NewTicket companyId={company.id} />}
      </div>
      {!company ? (
        <NoCompany />
      ) : query.isPending ? (
        <ScreenSkeleton cards={3} rows={3} />
      ) : query.isError ? (
        <QueryError error={query.error} what="tickets" onRetry={() => void query.refetch()} />
      ) : (
        <TicketList summary={query.data} company={company} />
      )}
    </div>
  );
}

const filterValues = { status: ticketStatuses, priority: ticketPriorities };

function TicketList({
  summary,
  company,
}: {
  summary: TicketSummary;
  company: { id: string; name: string };
}) {
  // Spec: a company with no tickets sees the built-in sample tickets, searched here; a role
  // that sees only its own tickets (issue 18) sees its own empty list instead.
  const role = useCurrentCompany()?.role;
  const isSample = summary.total === 0 && can(role, 'allTickets');
  const read = (params: Record<string, string>) => portalQueries.tickets(company.id, params);
  const list = useListParams(filterValues, isSample ? undefined : read);
  const pages = usePagedList(read(list.serverParams), !isSample);
  // The id, not the object: the open dialog follows the list as it refetches.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const filters: TicketFilters = { search: list.search, ...list.filters };
  const rows = isSample ? filterTickets(sampleTickets, filters) : pages.rows;
  const selected = rows.find((t) => t.id === selectedId) ?? null;
  const count = (status: Ticket['status']) =>
    isSample ? sampleTickets.filter((t) => t.status === status).length : summary[status];

  return (
    <>
      {isSample && <SampleNotice company={company.name} what="tickets" cards />}
      <StatGrid>
        <StatCard label="Open" value={count('open')} icon={Inbox} />
        <StatCard label="Pending" value={count('pending')} icon={Clock} />
        <StatCard label="Closed" value={count('closed')} icon={CheckCircle2} />
      </StatGrid>

      <PagedListCard
        what="tickets"
        empty="No tickets found"
        list={list}
        filters={[
          { name: 'status', prefix: 'Status', options: statusFilterOptions },
          { name: 'priority', prefix: 'Priority', options: priorityFilterOptions },
        ]}
        pages={pages}
        sample={isSample ? rows : null}
        view={ticketTable(setSelectedId)}
      />

      <MountWhen when={!!selected}>
        <TicketDetailDialog
          companyId={company.id}
          ticket={selected}
          isSample={isSample}
          onClose={() => setSelectedId(null)}
        />
      </MountWhen>
    </>
  );
}

/** Spec section 2's "New Ticket" button and the dialog it opens. */
function NewTicket({ companyId }: { companyId: string }) {
  const [open, setOpen] = useState(false);
  const preload = () => void loadNewTicketDialog();
  return (
    <>
      <Button
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        New Ticket
      </Button>
      <MountWhen when={open}>
        <NewTicketDialog companyId={companyId} open={open} onOpenChange={setOpen} />
      </MountWhen>
    </>
  );
}
