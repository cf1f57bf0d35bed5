import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import {
  componentStateLabels,
  incidentImpactLabels,
  incidentStatusLabels,
  incidentStatuses,
  type ComponentState,
  type IncidentRow,
  type StatusComponent,
} from '../../../shared/schemas/status-page.ts';
import { apiRequest } from '../../lib/api.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { Switch } from '../../ui/switch.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { FilterSelect, SearchBox } from '../filters.tsx';
import { PageHeader } from '../layout.tsx';
import { ListCard } from '../list-card.tsx';
import { QueryState } from '../query-state.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { ComponentDialog } from './component-dialog.tsx';
import { OpenIncidentDialog, UpdateIncidentDialog } from './incident-dialogs.tsx';

export const stateTone: Record<ComponentState, BadgeTone> = {
  operational: 'green',
  maintenance: 'blue',
  degraded: 'amber',
  'partial-outage': 'amber',
  'major-outage': 'red',
};

const statusOptions = [
  { value: 'all', label: 'All statuses' },
  ...incidentStatuses.map((value) => ({ value, label: incidentStatusLabels[value] })),
];

/** The status page (issue 43, ADR 079): its switch, its components and the incidents. */
export function StatusPageScreen() {
  const canWrite = useStaffCan('statusPage');
  const [opening, setOpening] = useState(false);
  const [updating, setUpdating] = useState<IncidentRow | null>(null);
  const list = useListParams({ status: incidentStatuses }, staffQueries.statusIncidents);
  const incidents = usePagedList(staffQueries.statusIncidents(list.serverParams));
  return (
    <>
      <PageHeader
        title="Status Page"
        action={
          <div className="flex flex-wrap gap-2">
            {canWrite && <Button onClick={() => setOpening(true)}>Open Incident</Button>}
            <Button variant="secondary" asChild>
              <Link href={paths.staffMaintenance}>Maintenance</Link>
            </Button>
          </div>
        }
      />
      <div className="mb-6 grid gap-6 lg:grid-cols-2">
        <PublicPageCard canWrite={canWrite} />
        <ComponentsCard canWrite={canWrite} />
      </div>
      <ListCard
        title="Incidents"
        pages={incidents}
        empty="No incidents found"
        what="incidents"
        toolbar={
          <>
            <SearchBox label="Search incidents" value={list.search} onChange={list.setSearch} />
            <FilterSelect
              label="Status"
              value={list.filters.status}
              onChange={(v) => list.setFilter('status', v)}
              options={statusOptions}
            />
          </>
        }
      >
        {(rows) => (
          <DataTable
            caption="Incidents"
            columns={['Incident', 'Impact', 'Status', 'Opened', 'Actions']}
            wide={['Incident']}
          >
            {rows.map((incident) => (
              <DataRow key={incident.id}>
                <td className={cell}>
                  <div className="font-medium text-slate-900">{incident.title}</div>
                  <div className="text-xs text-slate-600">{incident.components}</div>
                </td>
                <td className={cell}>{incidentImpactLabels[incident.impact]}</td>
                <td className={cell}>
                  <Badge tone={incident.status === 'resolved' ? 'green' : 'amber'}>
                    {incidentStatusLabels[incident.status]}
                  </Badge>
                </td>
                <td className={`${cell} whitespace-nowrap text-slate-600`}>
                  <DateTime value={incident.createdAt} />
                </td>
                <td className={cell}>
                  {canWrite && incident.status !== 'resolved' && (
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setUpdating(incident)}
                      aria-label={`Update ${incident.title}`}
                    >
                      Update
                    </Button>
                  )}
                </td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
      {opening && <OpenIncidentDialog onClose={() => setOpening(false)} />}
      {updating && <UpdateIncidentDialog incident={updating} onClose={() => setUpdating(null)} />}
    </>
  );
}

/** Whether `/system-status` shows the live page or the spec's placeholder. */
function PublicPageCard({ canWrite }: { canWrite: boolean }) {
  const settings = useQuery(staffQueries.statusSettings());
  const save = useStaffMutation<boolean>({
    request: (enabled) => sendJson('PUT', staffUrl('status/settings'), { enabled }),
    success: (result) =>
      (result as { enabled: boolean }).enabled ? 'Status Page Enabled' : 'Status Page Disabled',
    failure: 'Failed to change the status page. Please try again.',
  });
  return (
    <Card>
      <CardHeader title="Public Page" />
      <CardBody className="grid gap-3">
        <div className="flex items-center justify-between gap-4">
          <div>
            <label htmlFor="status-enabled" className="text-sm font-medium text-slate-900">
              Show the live status
            </label>
            <p id="status-enabled-hint" className="text-xs text-slate-600">
              Off, or with no component,{' '}
              <a href={paths.systemStatus} className="underline">
                /system-status
              </a>{' '}
              shows “Coming Soon”.
            </p>
          </div>
          <Switch
            id="status-enabled"
            aria-describedby="status-enabled-hint"
            checked={settings.data?.enabled ?? false}
            disabled={!canWrite || !settings.data || save.isPending}
            onCheckedChange={(enabled) => save.mutate(enabled)}
          />
        </div>
      </CardBody>
    </Card>
  );
}

function ComponentsCard({ canWrite }: { canWrite: boolean }) {
  const components = useQuery(staffQueries.statusComponents());
  const [editing, setEditing] = useState<StatusComponent | 'new' | null>(null);
  const remove = useStaffMutation<StatusComponent>({
    request: (c) => apiRequest('DELETE', staffUrl(`status/components/${c.id}`)),
    success: 'Component Deleted',
    failure: 'Failed to delete the component. Please try again.',
  });
  return (
    <Card>
      <CardHeader
        title="Components"
        action={
          canWrite && (
            <Button size="sm" onClick={() => setEditing('new')}>
              Add Component
            </Button>
          )
        }
      />
      <CardBody>
        <QueryState query={components} empty="No components yet" isEmpty={(rows) => !rows.length}>
          {(rows) => (
            <ul className="divide-y divide-slate-200">
              {rows.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <div className="font-medium text-slate-900">{c.name}</div>
                    <div className="text-xs text-slate-600">
                      {c.allCustomers
                        ? 'All customers'
                        : c.sites.map((s) => `${s.name} (${s.customerName})`).join(', ')}
                    </div>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge tone={stateTone[c.state]}>{componentStateLabels[c.state]}</Badge>
                    {canWrite && (
                      <>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Edit ${c.name}`}
                          onClick={() => setEditing(c)}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Delete ${c.name}`}
                          disabled={remove.isPending}
                          onClick={() => remove.mutate(c)}
                        >
                          Delete
                        </Button>
                      </>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardBody>
      {editing && (
        <ComponentDialog
          {...(editing === 'new' ? {} : { component: editing })}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
