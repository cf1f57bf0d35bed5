import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { FilterSelect, SearchBox } from '../filters.tsx';
import { ticketPriorities, ticketStatuses } from '../../../shared/schemas/tickets.ts';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { isUuid } from '../../lists/is-uuid.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { CompanyPicker } from '../company-picker.tsx';
import { PageHeader } from '../layout.tsx';
import { ListCard } from '../list-card.tsx';
import { SlaCell } from '../sla/sla-badge.tsx';
import { SatisfactionCard } from './satisfaction-card.tsx';
import { helpdeskSorts } from '../../../shared/schemas/staff-helpdesk.ts';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { NewTicketDialog } from './new-ticket-dialog.tsx';
import { BulkToolbar } from './bulk-toolbar.tsx';
import { SelectAll, SelectRow } from './row-selection.tsx';
import { TicketDialog } from './ticket-dialog.tsx';
import { useStaffCan } from '../use-staff-can.ts';

/** The way to the unmatched mail queue, with how many wait in it. */
function UnmatchedMailLink() {
  // One row is enough: the count is the page's X-Total-Count.
  const queue = usePagedList(staffQueries.unmatchedMail({ limit: '1' }));
  const waiting = queue.total;
  // The count's place is kept while it loads (an empty queue shows 0), so the header's buttons
  // do not move after the first paint.
  return (
    <Button variant="secondary" asChild>
      <Link href={paths.staffUnmatchedMail}>
        Unmatched Mail
        <span
          className={cn(
            'ml-2 min-w-6 rounded-full px-2 py-0.5 text-center text-xs',
            waiting > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700',
            queue.isPending && 'invisible',
          )}
          aria-hidden={queue.isPending}
        >
          {queue.isPending ? '0' : waiting}
          <span className="sr-only"> waiting</span>
        </span>
      </Link>
    </Button>
  );
}

/** Issue 17: least time left first unless the URL asks for the last updated. */
const DEFAULT_SORT = 'time-left';

/**
 * Every company's tickets in one queue, read in pages; search and filters in the URL. With
 * `ticketId` (a ticket's own address, `/staff/tickets/TK-…`) that ticket is open over it, and
 * closing it returns to the queue's address.
 */
export function HelpdeskScreen({ ticketId }: { ticketId?: string }) {
  const read = (params: Record<string, string>) =>
    staffQueries.tickets({ ...params, sort: params.sort ?? DEFAULT_SORT });
  const list = useListParams(
    {
      status: ticketStatuses,
      priority: ticketPriorities,
      customerId: isUuid,
      assignee: (v: string) => v === 'none' || v === 'me' || isUuid(v),
      sla: ['breached'],
      sort: helpdeskSorts,
    },
    read,
  );
  const [openId, setOpenId] = useState<string | null>(ticketId ?? null);
  const [, navigate] = useLocation();
  const closeTicket = () => {
    setOpenId(null);
    if (ticketId) navigate(paths.staff);
  };
  const [creating, setCreating] = useState(false);
  // The auditor reads the queue (ADR 058): no New Ticket, no rows to select for bulk actions.
  const canWrite = useStaffCan('helpdesk');
  const staff = useQuery(staffQueries.staffMembers());
  const workers = useQuery(staffQueries.ticketWorkers());
  const tickets = usePagedList(read(list.serverParams));
  // Kept while more pages load; another search or filter is another list: it starts empty.
  const listKey = JSON.stringify(list.serverParams);
  const [selection, setSelection] = useState({ listKey, ids: new Set<string>() });
  const selected: ReadonlySet<string> =
    selection.listKey === listKey ? selection.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setSelection({ listKey, ids });
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  };

  return (
    <>
      <PageHeader
        title="Help Desk"
        action={
          <div className="flex flex-wrap gap-2">
            {canWrite && <Button onClick={() => setCreating(true)}>New Ticket</Button>}
            <Button variant="secondary" asChild>
              <Link href={paths.staffServiceLevels}>Service Levels</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link href={paths.staffSavedReplies}>Saved Replies</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link href={paths.staffKnowledgeBase}>Knowledge Base</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link href={paths.staffStatusPage}>Status Page</Link>
            </Button>
            <UnmatchedMailLink />
          </div>
        }
      />
      <SatisfactionCard />
      <ListCard
        pages={tickets}
        empty="No tickets found"
        what="tickets"
        toolbar={
          <>
            <SearchBox label="Search tickets" value={list.search} onChange={list.setSearch} />
            <FilterSelect
              label="Status"
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
              options={statusOptions('ticketStatus', 'All statuses')}
            />
            <FilterSelect
              label="Priority"
              value={list.filters.priority}
              onChange={(v) => list.setFilter('priority', v)}
              options={statusOptions('priority', 'All priorities')}
            />
            <CompanyPicker
              label="Company"
              allLabel="All companies"
              value={list.filters.customerId}
              onChange={(v) => list.setFilter('customerId', v)}
            />
            <FilterSelect
              label="Assignee"
              value={list.filters.assignee}
              onChange={(v) => list.setFilter('assignee', v)}
              options={[
                { value: 'all', label: 'Anyone' },
                { value: 'me', label: 'Mine' },
                { value: 'none', label: 'Unassigned' },
                ...(staff.data ?? []).map((s) => ({ value: s.id, label: s.name })),
              ]}
            />
            <FilterSelect
              label="SLA"
              value={list.filters.sla}
              onChange={(v) => list.setFilter('sla', v)}
              options={[
                { value: 'all', label: 'Any SLA' },
                { value: 'breached', label: 'Breached' },
              ]}
            />
            <FilterSelect
              label="Sort"
              value={list.filters.sort === 'all' ? DEFAULT_SORT : list.filters.sort}
              onChange={(v) => list.setFilter('sort', v === DEFAULT_SORT ? 'all' : v)}
              options={[
                { value: 'time-left', label: 'Least time left' },
                { value: 'updated', label: 'Last updated' },
              ]}
            />
          </>
        }
      >
        {(rows) => (
          <>
            {canWrite && selected.size > 0 && (
              <BulkToolbar
                selected={rows.filter((t) => selected.has(t.id))}
                staff={workers.data ?? []}
                onDone={() => setSelected(new Set())}
              />
            )}
            {canWrite && (
              <SelectAll ids={rows.map((t) => t.id)} selected={selected} onToggle={toggle} />
            )}
            <DataTable
              caption="Tickets"
              columns={[
                'Ticket',
                'Company',
                'Priority',
                'Status',
                'Assignee',
                'Time left',
                'Updated',
                'Actions',
              ]}
            >
              {rows.map((t) => (
                <DataRow key={t.id}>
                  <td className={cell}>
                    <div className="flex items-start gap-3">
                      {canWrite && (
                        <SelectRow
                          id={t.id}
                          checked={selected.has(t.id)}
                          onToggle={(on) => toggle([t.id], on)}
                        />
                      )}
                      <div className="min-w-0">
                        <div className="font-medium text-slate-900">{t.subject}</div>
                        <div className="text-xs text-slate-500">{t.id.toUpperCase()}</div>
                      </div>
                    </div>
                  </td>
                  <td className={cell}>{t.customerName}</td>
                  <td className={cell}>
                    <StatusBadge kind="priority" value={t.priority} />
                  </td>
                  <td className={cell}>
                    <StatusBadge kind="ticketStatus" value={t.status} />
                  </td>
                  <td className={cell}>{t.assignedTo ?? 'Unassigned'}</td>
                  <td className={cell}>
                    <SlaCell sla={t.sla} />
                  </td>
                  <td className={cell}>
                    <DateTime value={t.updatedAt} />
                  </td>
                  <td className={cell}>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setOpenId(t.id)}
                      aria-label={`Open ${t.id}`}
                    >
                      Open
                    </Button>
                  </td>
                </DataRow>
              ))}
            </DataTable>
          </>
        )}
      </ListCard>
      {openId && (
        <TicketDialog ticketId={openId} staff={workers.data ?? []} onClose={closeTicket} />
      )}
      {creating && (
        <NewTicketDialog onClose={() => setCreating(false)} onCreated={(id) => setOpenId(id)} />
      )}
    </>
  );
}
