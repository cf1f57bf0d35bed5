import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { amountStep } from './amount-step.ts';
import { sumHours, timeLines, type TimeLine } from './time-lines.ts';
import { fromMinor, minorExponent, toMinor } from '../../../shared/currency.ts';
import { hasDecimals } from '../../../shared/schemas/invoice-documents.ts';
import type { StaffTimeEntry } from '../../../shared/schemas/time-entries.ts';
import { timeGroupings, type TimeGrouping } from '../../../shared/schemas/unbilled-time.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogActions, DialogClose, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { PICKER_PAGE, ServerPicker, type PickerOption } from '../server-picker.tsx';

const ALL_PROJECTS: PickerOption = { value: '', label: 'All projects' };
const groupingLabels: Record<TimeGrouping, string> = {
  project: 'One line per project',
  entry: 'One line per entry',
};

/**
 * "Add Unbilled Time" on a draft (issue 39 item 1, ADR 066 addendum): the company's logged hours
 * on no invoice, filtered by project and work dates, become lines at an hourly rate staff type
 * (the company has no default rate yet). Entries already on the draft's lines are not offered.
 */
export function UnbilledTimeDialog({
  companyId,
  currency,
  onDraft,
  onAdd,
  onClose,
}: {
  companyId: string;
  currency: string;
  /** The entries the draft's lines already hold. */
  onDraft: ReadonlySet<string>;
  /** The lines, and the names of their projects for the line's project picker. */
  onAdd: (lines: TimeLine[], projectNames: Record<string, string>) => void;
  onClose: () => void;
}) {
  const [project, setProject] = useState(ALL_PROJECTS);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [unpicked, setUnpicked] = useState<ReadonlySet<string>>(new Set());
  const [rate, setRate] = useState('');
  const [grouping, setGrouping] = useState<TimeGrouping>('project');
  const [tried, setTried] = useState(false);
  const filters = {
    projectId: project.value || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const read = useQuery(staffQueries.unbilledTime(companyId, filters));
  const listed = (read.data?.entries ?? []).filter((e) => !onDraft.has(e.id));
  const picked = listed.filter((e) => !unpicked.has(e.id));
  const rateError = rateProblem(rate, currency);
  const toggle = (id: string) =>
    setUnpicked((set) => {
      const next = new Set(set);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const add = () => {
    setTried(true);
    if (rateError || picked.length === 0) return;
    // Through minor units: the rate as the currency holds it, never a float's tail.
    const hourly = fromMinor(toMinor(Number(rate), currency), currency);
    const names = picked.flatMap((e) =>
      e.projectId && e.projectName ? [[e.projectId, e.projectName] as const] : [],
    );
    onAdd(timeLines(picked, grouping, hourly), Object.fromEntries(names));
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Add Unbilled Time"
        description="Logged hours on no invoice yet; each becomes part of a line at your hourly rate."
        className="max-w-2xl"
      >
        <div className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <FormField label="Project">
              <ServerPicker
                value={project.value}
                chosenLabel={project.label}
                onChange={setProject}
                read={(q) => staffQueries.projectNames(companyId, { q, limit: PICKER_PAGE })}
                labelOf={(row) => row.name}
                first={ALL_PROJECTS}
                nouns="projects"
                className="sm:w-full"
              />
            </FormField>
            <FormField label="From">
              <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            </FormField>
            <FormField label="To">
              <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
            </FormField>
          </div>

          <EntryList
            loading={read.isPending}
            failed={read.isError}
            entries={listed}
            unpicked={unpicked}
            onToggle={toggle}
            more={read.data?.more ?? false}
          />

          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              label={`Hourly rate (${currency})`}
              required
              error={tried ? rateError : undefined}
            >
              <Input
                type="number"
                min="0"
                step={amountStep(currency)}
                value={rate}
                onChange={(e) => setRate(e.target.value)}
              />
            </FormField>
            <FormField label="Lines">
              <Select
                value={grouping}
                onValueChange={(v) => setGrouping(v as TimeGrouping)}
                options={timeGroupings.map((g) => ({ value: g, label: groupingLabels[g] }))}
              />
            </FormField>
          </div>
          <p className="text-sm text-slate-700" aria-live="polite">
            {picked.length === 1 ? '1 entry' : `${picked.length} entries`} picked,{' '}
            {sumHours(picked)} h
          </p>
          {tried && picked.length === 0 && (
            <p className="text-sm text-red-700">Pick at least one entry.</p>
          )}
        </div>
        <DialogActions className="mt-6">
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          <Button type="button" onClick={add}>
            Add to Draft
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}

/** What is wrong with the typed rate, as the draft's unit price would say it. */
function rateProblem(rate: string, currency: string): string | undefined {
  if (rate.trim() === '') return 'Hourly rate is required';
  const n = Number(rate);
  if (!Number.isFinite(n) || n <= 0) return 'Hourly rate must be more than zero';
  const exp = minorExponent(currency);
  if (!hasDecimals(n, exp)) return `Hourly rate must have at most ${exp} decimals in ${currency}`;
  return undefined;
}

function EntryList({
  loading,
  failed,
  entries,
  unpicked,
  onToggle,
  more,
}: {
  loading: boolean;
  failed: boolean;
  entries: readonly StaffTimeEntry[];
  unpicked: ReadonlySet<string>;
  onToggle: (id: string) => void;
  more: boolean;
}) {
  if (loading) return <p className="text-sm text-slate-600">Loading time entries...</p>;
  if (failed) return <p className="text-sm text-red-700">Failed to load time entries.</p>;
  if (entries.length === 0)
    return <p className="text-sm text-slate-600">No unbilled time for these filters.</p>;
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-800">Unbilled time entries</legend>
      <ul className="max-h-64 divide-y divide-slate-200 overflow-y-auto rounded-md border border-slate-200">
        {entries.map((e) => (
          <li key={e.id}>
            <label className="flex cursor-pointer items-start gap-3 px-3 py-2 text-sm hover:bg-slate-50">
              <input
                type="checkbox"
                className="mt-1 h-4 w-4"
                checked={!unpicked.has(e.id)}
                onChange={() => onToggle(e.id)}
              />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-medium text-slate-900">{e.workDate}</span>
                  <span className="text-slate-900">{e.hours} h</span>
                </span>
                <span className="break-words text-slate-700">
                  {[e.projectName ?? 'No project', e.description, e.loggedBy]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {more && (
        <p className="text-sm text-slate-600">
          More entries match: add these, or narrow the dates, then open this again.
        </p>
      )}
    </fieldset>
  );
}
