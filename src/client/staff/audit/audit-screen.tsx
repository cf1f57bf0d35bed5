import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format.ts';
import { Card } from '../../ui/card.tsx';
import { staffQueries } from '../../lib/staff-queries.ts';
import { FilterSelect, filterValue } from '../filters.tsx';
import { PageHeader } from '../layout.tsx';
import { QueryState } from '../query-state.tsx';
import { DataTable, cell } from '../table.tsx';

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
  const [companyId, setCompanyId] = useState('all');
  const companies = useQuery(staffQueries.companies());
  const entries = useQuery(staffQueries.audit({ customerId: filterValue(companyId) }));
  return (
    <>
      <PageHeader title="Audit Log" />
      <Card>
        <div className="flex flex-wrap gap-3 border-b border-slate-200 p-4">
          <FilterSelect
            label="Company"
            value={companyId}
            onChange={setCompanyId}
            options={[
              { value: 'all', label: 'All companies' },
              ...(companies.data ?? []).map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        </div>
        <QueryState query={entries} empty="No staff changes recorded yet">
          {(rows) => (
            <DataTable
              caption="Audit log"
              columns={['When', 'Who', 'Action', 'Company', 'Details']}
            >
              {rows.map((e) => (
                <tr key={e.id}>
                  <td className={`${cell} whitespace-nowrap`}>{formatDateTime(e.createdAt)}</td>
                  <td className={cell}>{e.actorName}</td>
                  <td className={cell}>
                    <code className="text-xs">{e.action}</code>
                    {e.entityId && <div className="text-xs text-slate-500">{e.entityId}</div>}
                  </td>
                  <td className={cell}>{e.customerName ?? '—'}</td>
                  <td className={`${cell} text-xs text-slate-600`}>{describe(e.details)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryState>
      </Card>
    </>
  );
}
