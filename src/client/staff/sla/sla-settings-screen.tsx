import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeBusinessHours } from '../../../shared/business-hours.ts';
import { company } from '../../../shared/company.ts';
import type { SlaTarget } from '../../../shared/schemas/sla.ts';
import { statusLabel } from '../../../shared/status-labels.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { PageHeader } from '../layout.tsx';
import { QueryState } from '../query-state.tsx';
import { AssignmentRuleCard } from './assignment-rule-card.tsx';
import { ClosedDaysCard } from './closed-days-card.tsx';
import { FollowUpWindowCard } from './follow-up-window-card.tsx';
import { useStaffCan } from '../use-staff-can.ts';

/** Hours as typed (a decimal) for the minutes stored; the server says what is out of range. */
const toHours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);
const toMinutes = (hours: string) => Math.round(Number(hours) * 60);

type Draft = Record<string, { first: string; resolution: string }>;

function TargetsForm({ targets }: { targets: SlaTarget[] }) {
  const [draft, setDraft] = useState<Draft>(() =>
    Object.fromEntries(
      targets.map((t) => [
        t.priority,
        { first: toHours(t.firstResponseMinutes), resolution: toHours(t.resolutionMinutes) },
      ]),
    ),
  );
  const save = useStaffMutation<SlaTarget[]>({
    request: (body) => sendJson('PUT', staffUrl('sla-targets'), body),
    success: 'Service Levels Saved',
    failure: 'Failed to save the service levels. Please try again.',
  });
  // Settings are the admins' (ADR 058): the others read the targets.
  const canManage = useStaffCan('serviceLevels');
  const set = (priority: string, key: 'first' | 'resolution', value: string) =>
    setDraft((d) => ({ ...d, [priority]: { ...d[priority]!, [key]: value } }));
  return (
    <form
      className="grid gap-6 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          targets.map((t) => ({
            priority: t.priority,
            firstResponseMinutes: toMinutes(draft[t.priority]!.first),
            resolutionMinutes: toMinutes(draft[t.priority]!.resolution),
          })),
        );
      }}
    >
      {targets.map((t) => (
        // A narrow name column below 1024 px: at 768 px a field's label wrapped in one row only.
        <fieldset
          key={t.priority}
          className="grid gap-3 sm:grid-cols-[5rem_1fr_1fr] sm:items-end lg:grid-cols-[8rem_1fr_1fr]"
        >
          <legend className="sr-only">{statusLabel('priority', t.priority)} priority</legend>
          <p aria-hidden className="text-sm font-semibold text-slate-900 sm:pb-2">
            {statusLabel('priority', t.priority)}
          </p>
          <FormField
            label={`${statusLabel('priority', t.priority)}: first response (business hours)`}
          >
            <Input
              type="number"
              inputMode="decimal"
              min={0.25}
              step={0.25}
              required
              disabled={!canManage}
              value={draft[t.priority]!.first}
              onChange={(e) => set(t.priority, 'first', e.target.value)}
            />
          </FormField>
          <FormField label={`${statusLabel('priority', t.priority)}: resolution (business hours)`}>
            <Input
              type="number"
              inputMode="decimal"
              min={0.25}
              step={0.25}
              required
              disabled={!canManage}
              value={draft[t.priority]!.resolution}
              onChange={(e) => set(t.priority, 'resolution', e.target.value)}
            />
          </FormField>
        </fieldset>
      ))}
      {canManage && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Service Levels'}
          </Button>
        </div>
      )}
    </form>
  );
}

/** SLA targets per priority: how soon the help desk answers and resolves, in business hours. */
export function SlaSettingsScreen() {
  const targets = useQuery(staffQueries.slaTargets());
  return (
    <>
      <PageHeader title="Service Levels" />
      <div className="flex flex-col gap-6">
        <Card>
          <p className="border-b border-slate-200 p-4 text-sm text-slate-600">
            Targets count business hours only ({describeBusinessHours(company.businessHours)},{' '}
            {company.businessHours.timeZone.replace('_', ' ')} time, except closed days). A ticket
            keeps the targets it was opened with; changes apply to new tickets. The resolution clock
            of a pending ticket waits while the customer has the next word. Customers see the
            first-response target of their ticket&apos;s priority as &ldquo;We usually answer within
            ...&rdquo;.
          </p>
          <QueryState query={targets} empty="No targets" isEmpty={() => false}>
            {(rows) => <TargetsForm targets={rows} />}
          </QueryState>
        </Card>
        <ClosedDaysCard />
        <FollowUpWindowCard />
        <AssignmentRuleCard />
      </div>
    </>
  );
}
