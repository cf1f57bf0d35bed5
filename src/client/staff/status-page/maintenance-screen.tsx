import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { maintenanceWhen } from '../../../shared/schemas/status-page.ts';
import { zonedTime } from '../../../shared/zoned-time.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { Button } from '../../ui/button.tsx';
import { FilterSelect, SearchBox } from '../filters.tsx';
import { PageHeader } from '../layout.tsx';
import { ListCard } from '../list-card.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { MaintenanceDialog } from './maintenance-dialog.tsx';

const whenLabels: Record<(typeof maintenanceWhen)[number], string> = {
  upcoming: 'Upcoming',
  active: 'Under way',
  past: 'Past',
};
const whenOptions = [
  { value: 'all', label: 'All windows' },
  ...maintenanceWhen.map((value) => ({ value, label: whenLabels[value] })),
];

/** Maintenance windows (issue 43, ADR 079), latest first, in pages; schedule a new one. */
export function MaintenanceScreen() {
  const canWrite = useStaffCan('statusPage');
  const [scheduling, setScheduling] = useState(false);
  const list = useListParams({ when: maintenanceWhen }, staffQueries.statusMaintenance);
  const windows = usePagedList(staffQueries.statusMaintenance(list.serverParams));
  return (
    <>
      <PageHeader
        title="Maintenance"
        action={
          <div className="flex flex-wrap gap-2">
            {canWrite && <Button onClick={() => setScheduling(true)}>Schedule Maintenance</Button>}
            <Button variant="secondary" asChild>
              <Link href={paths.staffStatusPage}>Status Page</Link>
            </Button>
          </div>
        }
      />
      <ListCard
        pages={windows}
        empty="No maintenance windows found"
        what="windows"
        toolbar={
          <>
            <SearchBox label="Search maintenance" value={list.search} onChange={list.setSearch} />
            <FilterSelect
              label="When"
              value={list.filters.when}
              onChange={(v) => list.setFilter('when', v)}
              options={whenOptions}
            />
          </>
        }
      >
        {(rows) => (
          <DataTable
            caption="Maintenance windows"
            columns={['Window', 'Starts', 'Ends', 'Components']}
            wide={['Window']}
          >
            {rows.map((w) => (
              <DataRow key={w.id}>
                <td className={cell}>
                  <div className="font-medium text-slate-900">{w.title}</div>
                  <div className="text-xs text-slate-600">{w.message}</div>
                </td>
                <td className={`${cell} text-slate-700`}>{zonedTime(w.startsAt, w.timeZone)}</td>
                <td className={`${cell} text-slate-700`}>{zonedTime(w.endsAt, w.timeZone)}</td>
                <td className={cell}>{w.components}</td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
      {scheduling && <MaintenanceDialog onClose={() => setScheduling(false)} />}
    </>
  );
}
