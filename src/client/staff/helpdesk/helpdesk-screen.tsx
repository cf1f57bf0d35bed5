import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { staffQueries } from '../../lib/staff-queries.ts';
import { FilterSelect, SearchBox, filterValue } from '../filters.tsx';
import { statusOptions } from '../../../shared/status-labels.ts';
import { PageHeader } from '../layout.tsx';
import { QueryState } from '../query-state.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { DataTable, cell } from '../table.tsx';
import { SlaCell } from '../sla/sla-badge.tsx';
import { TicketDialog } from './ticket-dialog.tsx';
import { SatisfactionCard } from './satisfaction-card.tsx';

/** The way to the unmatched mail queue, with how many wait in it. */
function UnmatchedMailLink() {
  const queue = useQuery(staffQueries.unmatchedMail());
  const waiting = queue.data?.length ?? 0;
  return (
    <Button variant="secondary" asChild>
      <Link href={paths.staffUnmatchedMail}>
        Unmatched mail
        {waiting > 0 && (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
            {waiting}
            <span className="sr-only"> waiting</span>
          </span>
        )}
      </Link>
    </Button>
  );
}

/** Every company's tickets in one queue. */
export function HelpdeskScreen() {
  const [status, setStatus] = useState('all');
  const [priority, setPriority] = useState('all');
  const [companyId, setCompanyId] = useState('all');
  const [assignee, setAssignee] = useState('all');
  const [sla, setSla] = useState('all');
  const [sort, setSort] = useState('time-left');
  const [q, setQ] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const companies = useQuery(staffQueries.companies());
  const staff = useQuery(staffQueries.staffMembers());
  const tickets = useQuery(
    staffQueries.tickets({
      status: filterValue(status),
      priority: filterValue(priority),
      customerId: filterValue(companyId),
      assignee: filterValue(assignee),
      sla: filterValue(sla),
      sort,
      q: filterValue(q),
    }),
  );

  return (
    <>
      <PageHeader
        title="Help Desk"
        action={
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" asChild>
              <Link href={paths.staffSavedReplies}>Saved replies</Link>
            </Button>
            <Button variant="secondary" asChild>
              <Link href={paths.staffServiceLevels}>Service levels</Link>
            </Button>
            <UnmatchedMailLink />
          </div>
        }
      />
      <SatisfactionCard />
      <Card>
        <div className="flex flex-wrap gap-3 border-b border-slate-200 p-4">
          <SearchBox label="Search tickets" value={q} onChange={setQ} />
          <FilterSelect
            label="Status"
            value={status}
            onChange={setStatus}
            options={statusOptions('ticketStatus', 'All statuses')}
          />
          <FilterSelect
            label="Priority"
            value={priority}
            onChange={setPriority}
            options={statusOptions('priority', 'All priorities')}
          />
          <FilterSelect
            label="Company"
            value={companyId}
            onChange={setCompanyId}
            options={[
              { value: 'all', label: 'All companies' },
              ...(companies.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
          <FilterSelect
            label="Assignee"
            value={assignee}
            onChange={setAssignee}
            options={[
              { value: 'all', label: 'Anyone' },
              { value: 'me', label: 'Mine' },
              { value: 'none', label: 'Unassigned' },
              ...(staff.data ?? []).map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
          <FilterSelect
            label="SLA"
            value={sla}
            onChange={setSla}
            options={[
              { value: 'all', label: 'Any SLA' },
              { value: 'breached', label: 'Breached' },
            ]}
          />
          <FilterSelect
            label="Sort"
            value={sort}
            onChange={setSort}
            options={[
              { value: 'time-left', label: 'Least time left' },
              { value: 'updated', label: 'Last updated' },
            ]}
          />
        </div>
        <QueryState query={tickets} empty="No tickets found">
          {(rows) => (
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
                <tr key={t.id}>
                  <td className={cell}>
                    <div className="font-medium text-slate-900">{t.subject}</div>
                    <div className="text-xs text-slate-500">{t.id.toUpperCase()}</div>
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
                  <td className={cell}>{formatDateTime(t.updatedAt)}</td>
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
                </tr>
              ))}
            </DataTable>
          )}
        </QueryState>
      </Card>
      {openId && (
        <TicketDialog ticketId={openId} staff={staff.data ?? []} onClose={() => setOpenId(null)} />
      )}
    </>
  );
}
