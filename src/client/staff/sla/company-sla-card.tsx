import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { CompanySlaTarget, SlaTarget } from '../../../shared/schemas/sla.ts';
import { statusLabel } from '../../../shared/status-labels.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { Switch } from '../../ui/switch.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { QueryState } from '../query-state.tsx';
import { useStaffCan } from '../use-staff-can.ts';

/** Hours as typed (a decimal) for the minutes stored; the server says what is out of range. */
const toHours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);
const toMinutes = (hours: string) => Math.round(Number(hours) * 60);

/**
 * A company's own SLA targets (ADR 064): per priority, the help desk's ("Company Default") or
 * its own; changes apply to the company's new tickets.
 */
export function CompanySlaCard({ companyId }: { companyId: string }) {
  const targets = useQuery(staffQueries.companySlaTargets(companyId));
  return (
    <Card>
      <CardHeader title="SLA Targets" />
      <QueryState query={targets} empty="" isEmpty={() => false}>
        {(rows) => <TargetsForm key={JSON.stringify(rows)} companyId={companyId} targets={rows} />}
      </QueryState>
    </Card>
  );
}

type Row = { own: boolean; first: string; resolution: string };

/** Where today's targets come from: an agreement (named), the company, or the help desk. */
function SourceBadge({ target }: { target: CompanySlaTarget }) {
  if (target.source === 'agreement')
    return (
      <>
        <Badge tone="green">Agreement</Badge>
        <span className="text-xs break-words text-slate-600">
          {target.agreementName}: {toHours(target.firstResponseMinutes)} h /{' '}
          {toHours(target.resolutionMinutes)} h
        </span>
      </>
    );
  return target.source === 'company' ? (
    <Badge tone="blue">Overridden</Badge>
  ) : (
    <Badge>Company Default</Badge>
  );
}

function TargetsForm({ companyId, targets }: { companyId: string; targets: CompanySlaTarget[] }) {
  const [draft, setDraft] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      targets.map((t) => [
        t.priority,
        {
          // The company's own targets stay its own under an agreement's (ADR 073).
          own: t.own !== null,
          first: toHours((t.own ?? t).firstResponseMinutes),
          resolution: toHours((t.own ?? t).resolutionMinutes),
        },
      ]),
    ),
  );
  const url = staffUrl(`customers/${companyId}/sla-targets`);
  const save = useStaffMutation<SlaTarget[]>({
    // No priority of its own left: back to the default, as "Use Defaults" does.
    request: (body) => (body.length ? sendJson('PUT', url, body) : sendJson('DELETE', url)),
    success: 'SLA Targets Saved',
    failure: 'Failed to save the SLA targets. Please try again.',
  });
  const reset = useStaffMutation<void>({
    request: () => sendJson('DELETE', url),
    success: 'SLA Targets Reset',
    failure: 'Failed to reset the SLA targets. Please try again.',
  });
  const set = (priority: string, change: Partial<Row>) =>
    setDraft((d) => ({ ...d, [priority]: { ...d[priority]!, ...change } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      targets
        .filter((t) => draft[t.priority]!.own)
        .map((t) => ({
          priority: t.priority,
          firstResponseMinutes: toMinutes(draft[t.priority]!.first),
          resolutionMinutes: toMinutes(draft[t.priority]!.resolution),
        })),
    );
  };
  const anyOwn = targets.some((t) => t.own !== null);
  // A setting of the admins' (ADR 058): the other roles read the company's targets.
  const canManage = useStaffCan('serviceLevels');
  return (
    <CardBody>
      <form onSubmit={submit} className="grid gap-5">
        <p className="text-sm text-slate-600">
          In business hours. A priority without targets of its own uses the help desk&apos;s
          (Service Levels). An active agreement with SLA targets (Agreements) sets them for the days
          it covers, over these. Changes apply to this company&apos;s new tickets; open tickets keep
          the targets they were opened with.
        </p>
        {targets.map((t) => {
          const row = draft[t.priority]!;
          const label = statusLabel('priority', t.priority);
          return (
            <fieldset
              key={t.priority}
              data-testid={`company-sla-${t.priority}`}
              className="grid gap-3 border-t border-slate-100 pt-4 sm:grid-cols-2 sm:items-end lg:grid-cols-[9rem_1fr_1fr]"
            >
              <legend className="sr-only">{label} priority</legend>
              <div className="flex min-w-0 flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-1 lg:flex-col lg:items-start lg:pb-2">
                <span aria-hidden className="text-sm font-semibold text-slate-900">
                  {label}
                </span>
                <SourceBadge target={t} />
                {/* Its own line below 1024 px: beside "Company Default" it wrapped for one priority
                    only; the fields take the row's width there, so their labels fit on one line. */}
                <label className="flex basis-full items-center gap-2 text-sm text-slate-700 lg:basis-auto">
                  <Switch
                    checked={row.own}
                    disabled={!canManage}
                    onCheckedChange={(own) => set(t.priority, { own })}
                    aria-label={`${label}: own targets`}
                  />
                  Own targets
                </label>
              </div>
              <FormField label={`${label}: first response (business hours)`}>
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0.25}
                  step={0.25}
                  required
                  disabled={!canManage || !row.own}
                  value={row.first}
                  onChange={(e) => set(t.priority, { first: e.target.value })}
                />
              </FormField>
              <FormField label={`${label}: resolution (business hours)`}>
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0.25}
                  step={0.25}
                  required
                  disabled={!canManage || !row.own}
                  value={row.resolution}
                  onChange={(e) => set(t.priority, { resolution: e.target.value })}
                />
              </FormField>
            </fieldset>
          );
        })}
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save SLA Targets'}
            </Button>
            {anyOwn && (
              <Button
                type="button"
                variant="secondary"
                disabled={reset.isPending}
                onClick={() => reset.mutate()}
              >
                Use Defaults
              </Button>
            )}
          </div>
        )}
      </form>
    </CardBody>
  );
}
