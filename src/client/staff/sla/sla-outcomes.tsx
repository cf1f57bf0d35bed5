import { formatDateTime } from '../../../shared/format.ts';
import type { HelpdeskTicketDetail } from '../../../shared/schemas/staff-helpdesk.ts';
import { Badge } from '../../ui/badge.tsx';

type Outcome = NonNullable<HelpdeskTicketDetail['slaTargets']>['firstResponse'];

function OutcomeLine({
  label,
  outcome,
  pausedAt = null,
}: {
  label: string;
  outcome: Outcome;
  pausedAt?: string | null;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <dt className="font-medium text-slate-900">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-slate-600">
        <span>due {formatDateTime(outcome.dueAt)}</span>
        {outcome.met === true && <Badge tone="green">Met</Badge>}
        {outcome.met === false && <Badge tone="red">Breached</Badge>}
        {pausedAt && <Badge tone="blue">Paused</Badge>}
      </dd>
      {pausedAt && (
        <dd className="basis-full text-xs text-slate-600">
          Waiting on the customer since {formatDateTime(pausedAt)}; the due time moves by the
          business time waited.
        </dd>
      )}
    </div>
  );
}

/** A ticket's two SLA targets on its dialog: when each is due, whether it was met, a pause. */
export function SlaOutcomes({ targets }: { targets: HelpdeskTicketDetail['slaTargets'] }) {
  if (!targets) return null;
  return (
    <dl aria-label="Service level" className="grid gap-1 text-sm">
      <OutcomeLine label="First response" outcome={targets.firstResponse} />
      <OutcomeLine label="Resolution" outcome={targets.resolution} pausedAt={targets.pausedAt} />
    </dl>
  );
}
