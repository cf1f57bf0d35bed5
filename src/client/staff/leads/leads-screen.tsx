import { useState } from 'react';
import { DateTime } from '../../ui/date-time.tsx';
import { leadKinds, leadStatuses, type Lead } from '../../../shared/schemas/staff-leads.ts';
import { Button } from '../../ui/button.tsx';
import { staffQueries } from '../../lib/staff-queries.ts';
import { FilterSelect, SearchBox } from '../filters.tsx';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { PageHeader } from '../layout.tsx';
import { ListCard } from '../list-card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { LeadDialog } from './lead-dialog.tsx';

const kindOptions = [
  { value: 'all', label: 'All leads' },
  { value: 'contact', label: 'Contact messages' },
  { value: 'quote', label: 'Quote requests' },
];

/** Contact messages and quote requests, newest first, read in pages; search and filters in the URL. */
export function LeadsScreen() {
  const list = useListParams({ status: leadStatuses, kind: leadKinds }, staffQueries.leads);
  const [open, setOpen] = useState<Lead | null>(null);
  const leads = usePagedList(staffQueries.leads(list.serverParams));
  return (
    <>
      <PageHeader title="Leads" />
      <ListCard
        pages={leads}
        empty="No leads found"
        what="leads"
        toolbar={
          <>
            <SearchBox label="Search leads" value={list.search} onChange={list.setSearch} />
            <FilterSelect
              label="Kind"
              value={list.filters.kind}
              onChange={(v) => list.setFilter('kind', v)}
              options={kindOptions}
            />
            <FilterSelect
              label="Status"
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
              options={statusOptions('lead', 'All statuses')}
            />
          </>
        }
      >
        {(rows) => (
          <DataTable
            caption="Leads"
            columns={['Received', 'From', 'Kind', 'Summary', 'Status', 'Actions']}
            wide={['From', 'Summary']}
          >
            {rows.map((lead) => (
              <DataRow key={lead.id}>
                <td className={cell}>
                  <DateTime value={lead.createdAt} />
                </td>
                <td className={cell}>
                  <div className="font-medium text-slate-900">{lead.name}</div>
                  <div className="text-xs text-slate-500">
                    {lead.email}
                    {lead.company ? ` · ${lead.company}` : ''}
                  </div>
                </td>
                <td className={cell}>
                  {lead.kind === 'quote' ? `Quote: ${lead.service}` : 'Contact'}
                </td>
                <td className={`${cell} max-w-sm truncate`}>{lead.message}</td>
                <td className={cell}>
                  <StatusBadge kind="lead" value={lead.status} />
                </td>
                <td className={cell}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setOpen(lead)}
                    aria-label={`View lead from ${lead.name}`}
                  >
                    View
                  </Button>
                </td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
      {open && <LeadDialog lead={open} onClose={() => setOpen(null)} />}
    </>
  );
}
