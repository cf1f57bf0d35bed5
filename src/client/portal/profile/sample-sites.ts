import type { Site } from '../../../shared/schemas/sites.ts';

/** Built-in example sites (spec: shown when the list call returns nothing). Not real: no delete. */
export const sampleSites: readonly Site[] = [
  {
    id: 'sample-site-1',
    name: 'Headquarters (sample)',
    address: '100 Main Street, Suite 400, Austin, TX 78701',
    contactPerson: 'Office Manager',
    contactEmail: 'office@example.com',
    contactPhone: '(512) 555-0100',
    billing: false,
  },
  {
    id: 'sample-site-2',
    name: 'Warehouse (sample)',
    address: '2500 Industrial Blvd, Round Rock, TX 78664',
    contactPerson: 'Site Supervisor',
    contactEmail: 'warehouse@example.com',
    contactPhone: '(512) 555-0142',
    billing: false,
  },
];
