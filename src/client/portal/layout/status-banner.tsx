import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Wrench } from 'lucide-react';
import { paths } from '../../../shared/routes.ts';
import {
  incidentStatusLabels,
  statusNoticeSchema,
  type IncidentStatus,
  type StatusNotice,
} from '../../../shared/schemas/status-page.ts';
import { zonedTime } from '../../../shared/zoned-time.ts';
import { getJson } from '../../lib/api.ts';
import { useCurrentCompany } from '../shared/use-company-query.ts';

/** Read once a minute at most: a small answer beside the screen's own, never before it. */
const STALE_MS = 60_000;

function describe(notice: StatusNotice): string {
  if (notice.kind === 'incident') {
    return incidentStatusLabels[notice.status as IncidentStatus] ?? notice.status;
  }
  const zone = notice.timeZone ?? 'UTC';
  const when = `${zonedTime(notice.startsAt, zone)} to ${zonedTime(notice.endsAt ?? notice.startsAt, zone)}`;
  return notice.status === 'in-progress'
    ? `Under way until ${zonedTime(notice.endsAt ?? notice.startsAt, zone)}`
    : when;
}

/**
 * The portal banner (issue 43 item 3, ADR 079): open incidents and maintenance on the current
 * company's sites, each linking to the status page. Nothing shows while there are none.
 */
export function StatusBanner() {
  const company = useCurrentCompany();
  const { data } = useQuery({
    queryKey: ['status-notices', company?.id ?? ''],
    queryFn: () =>
      getJson(`/api/customers/${company?.id ?? ''}/status-notices`, statusNoticeSchema.array()),
    enabled: !!company,
    staleTime: STALE_MS,
    retry: false,
  });
  if (!data || data.length === 0) return null;
  return (
    <div
      role="status"
      aria-label="Service status"
      className="border-b border-amber-200 bg-amber-50"
    >
      <ul className="mx-auto grid max-w-7xl gap-2 px-4 py-3">
        {data.map((notice) => {
          const Icon = notice.kind === 'incident' ? AlertTriangle : Wrench;
          return (
            <li key={notice.id} className="flex gap-2 text-sm text-amber-950">
              <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <p className="min-w-0">
                <strong>{notice.kind === 'incident' ? 'Incident' : 'Maintenance'}:</strong>{' '}
                {notice.title} · {describe(notice)}
                {notice.sites.length > 0 && <> · Affects {notice.sites.join(', ')}</>}{' '}
                <a href={paths.systemStatus} className="font-medium underline">
                  View system status
                </a>
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
