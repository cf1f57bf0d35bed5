import type { Activity, DashboardTicket } from '../../../shared/schemas/dashboard.ts';

/** Built-in example rows for the dashboard's ticket and activity cards. */
export const sampleTickets: readonly DashboardTicket[] = [
  {
    id: 'tk-sample-1',
    subject: 'Printer not connecting to Wi-Fi',
    priority: 'normal',
    status: 'open',
    createdAt: '2026-01-12T14:00:00.000Z',
  },
  {
    id: 'tk-sample-2',
    subject: 'New employee account setup',
    priority: 'low',
    status: 'pending',
    createdAt: '2026-01-08T09:30:00.000Z',
  },
];

export const sampleActivities: readonly Activity[] = [
  {
    id: 'sample-activity-1',
    type: 'payment',
    title: 'Payment received for INV-SAMPLE-002',
    createdAt: '2026-01-10T16:00:00.000Z',
  },
  {
    id: 'sample-activity-2',
    type: 'milestone',
    title: 'Milestone reached: Site survey',
    createdAt: '2026-01-18T11:00:00.000Z',
  },
  {
    id: 'sample-activity-3',
    type: 'document',
    title: 'Document added: Network Assessment Report',
    createdAt: '2026-01-15T15:30:00.000Z',
  },
];
