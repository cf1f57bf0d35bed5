import { useQuery } from '@tanstack/react-query';
import { can } from '../../../shared/permissions.ts';
import { formatMinutes } from '../../../shared/schemas/agreements.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { useCurrentCompany } from '../shared/use-company-query.ts';

/**
 * "Time spent: 1 h 30 min" on a ticket (ADR 071): for the roles that see hours (admin, billing,
 * technical; the route refuses a member), and only once time has been logged.
 */
export function TicketTimeSpent({ companyId, ticketId }: { companyId: string; ticketId: string }) {
  const allowed = can(useCurrentCompany()?.role, 'ticketTime');
  const time = useQuery({ ...portalQueries.ticketTime(companyId, ticketId), enabled: allowed });
  if (!allowed || !time.data || time.data.minutes === 0) return null;
  return (
    <p className="mt-3 text-sm text-slate-700">
      Time spent:{' '}
      <span className="font-medium text-slate-900">{formatMinutes(time.data.minutes)}</span>
    </p>
  );
}
