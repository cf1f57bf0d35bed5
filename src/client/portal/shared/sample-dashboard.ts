import { can, hiddenActivityTypes, type CompanyRole } from '../../../shared/permissions.ts';
import type { Activity, DashboardTicket } from '../../../shared/schemas/dashboard.ts';
import { sampleCalendar } from './sample-dates.ts';
import { sampleTicketsOn } from './sample-tickets.ts';

/** The dashboard's sample tickets: the tickets screen's two newest, as the real card is. */
export function sampleDashboardTicketsOn(today: Date): DashboardTicket[] {
  return sampleTicketsOn(today)
    .slice(0, 2)
    .map(({ id, subject, priority, status, createdAt }) => ({
      id,
      subject,
      priority,
      status,
      createdAt,
    }));
}

/**
 * Sample activity, newest first like the real list: the sample invoice's payment, the sample
 * project's report and its first milestone, on the days those samples give them; only what
 * the role would see of real ones (the report is a project document).
 */
export function sampleActivitiesOn(today: Date, role: CompanyRole): Activity[] {
  const { time } = sampleCalendar(today);
  const hidden = hiddenActivityTypes(role);
  const projectDocument = 'sample-activity-2';
  const all: Activity[] = [
    {
      id: 'sample-activity-1',
      type: 'payment',
      title: 'Payment received for INV-SAMPLE-002',
      createdAt: time(-12, 16),
    },
    {
      id: 'sample-activity-2',
      type: 'document',
      title: 'Document added: Network Assessment Report',
      createdAt: time(-19, 15, 30),
    },
    {
      id: 'sample-activity-3',
      type: 'milestone',
      title: 'Milestone reached: Site survey',
      createdAt: time(-21, 11),
    },
  ];
  return all.filter(
    (a) => !hidden.includes(a.type) && (a.id !== projectDocument || can(role, 'projects')),
  );
}

/** The sample rows as of the page's load. */
export const sampleTickets: readonly DashboardTicket[] = sampleDashboardTicketsOn(new Date());
export const sampleActivitiesFor = (role: CompanyRole): readonly Activity[] =>
  sampleActivitiesOn(new Date(), role);
