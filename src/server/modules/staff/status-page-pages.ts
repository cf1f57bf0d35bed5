import { sql } from 'drizzle-orm';
import type { PagedList } from '../../db/paged-list.ts';
import { customers, sites, statusIncidents, statusMaintenance } from '../../db/schema.ts';
import type {
  IncidentRow,
  Maintenance,
  StatusSiteOption,
} from '../../../shared/schemas/status-page.ts';
import { incidentColumns } from '../../services/status-page/incidents.ts';
import { maintenanceColumns } from '../../services/status-page/maintenance.ts';

/** The staff list of incidents (ADR 079), newest first; `q` on the title, filter on status. */
export const staffIncidentPages: PagedList<IncidentRow, 'status'> = {
  name: 'staff-status-incidents',
  scope: 'staff',
  from: sql`${statusIncidents}`,
  row: () => incidentColumns,
  order: [
    { expr: statusIncidents.createdAt, desc: true, type: 'timestamptz' },
    { expr: statusIncidents.id, desc: true, type: 'uuid' },
  ],
  search: [statusIncidents.title],
  filters: { status: sql`${statusIncidents.status}::text` },
};

/**
 * The staff list of maintenance windows, latest start first; `q` on the title, filter on
 * upcoming, active (under way now) or past.
 */
export const staffMaintenancePages: PagedList<Maintenance, 'when'> = {
  name: 'staff-status-maintenance',
  scope: 'staff',
  from: sql`${statusMaintenance}`,
  row: () => maintenanceColumns,
  order: [
    { expr: statusMaintenance.startsAt, desc: true, type: 'timestamptz' },
    { expr: statusMaintenance.id, desc: true, type: 'uuid' },
  ],
  search: [statusMaintenance.title],
  filters: {
    when: sql`case when ${statusMaintenance.startsAt} > now() then 'upcoming'
      when ${statusMaintenance.endsAt} > now() then 'active' else 'past' end`,
  },
};

/** Every company's sites, for a component's picker: by company, then site; `q` on both names. */
export const staffSitePages: PagedList<StatusSiteOption> = {
  name: 'staff-status-sites',
  scope: 'staff',
  from: sql`${sites} join ${customers} on ${customers.id} = ${sites.customerId}`,
  row: () => ({ id: sites.id, name: sites.name, customerName: customers.name }),
  order: [
    { expr: customers.name, type: 'text' },
    { expr: sites.name, type: 'text' },
    { expr: sites.id, type: 'uuid' },
  ],
  search: [sites.name, customers.name],
  filters: {},
};
