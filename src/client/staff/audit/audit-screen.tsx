import { DateTime } from '../../ui/date-time.tsx';
import { staffQueries } from '../../lib/staff-queries.ts';
import { SearchBox } from '../filters.tsx';
import { isUuid } from '../../lists/is-uuid.ts';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { CompanyPicker } from '../company-picker.tsx';
import { PageHeader } from '../layout.tsx';
import { ListCard } from '../list-card.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';

/** A short, readable summary of an audit row's details. */
const describe = (details: Record<string, unknown> | null) =>
  details
    ? Object.entries(details)
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join(', ')
    : '';

/** Every staff write: who, what, when, on which company. */
export function AuditScreen() {
  const list = useListParams({ customerId: isUuid }, staffQueries.audit);
  const entries = usePagedList(staffQueries.audit(list.serverParams));
  return (
    <>
      <PageHeader title="Audit Log" />
      <ListCard
        pages={entries}
        empty={list.q ? 'No entries match your search' : 'No staff changes recorded yet'}
        what="entries"
        toolbar={
          <>
            <SearchBox label="Search audit log" value={list.search} onChange={list.setSearch} />
            <CompanyPicker
              label="Company"
              allLabel="All companies"
              value={list.filters.customerId}
              onChange={(v) => list.setFilter('customerId', v)}
            />
          </>
        }
      >
        {(rows) => (
          <DataTable
            caption="Audit log"
            columns={['When', 'Who', 'Action', 'Company', 'Details']}
            wide={['Who', 'Details']}
          >
            {rows.map((e) => (
              <DataRow key={e.id}>
                <td className={cell}>
                  <DateTime value={e.createdAt} />
                </td>
                <td className={cell}>{e.actorName}</td>
                <td className={cell}>
                  <code className="text-xs">{e.action}</code>
                  {e.entityId && <div className="text-xs text-slate-500">{e.entityId}</div>}
                </td>
                <td className={cell}>{e.customerName ?? '—'}</td>
                <td className={`${cell} text-xs [overflow-wrap:anywhere] text-slate-600`}>
                  {describe(e.details)}
                </td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
    </>
  );
}
