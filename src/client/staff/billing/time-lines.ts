// Picked time entries as draft lines (ADR 066 addendum): one line per project (and agreement),
// or one per entry. Each line's quantity is its hours and remembers its entries; the server
// claims them. A line names the agreement its entries were logged on (ADR 074).
import { fromScaled, toScaled } from '../../../shared/currency.ts';
import type { StaffTimeEntry } from '../../../shared/schemas/time-entries.ts';
import type { TimeGrouping } from '../../../shared/schemas/unbilled-time.ts';

export type TimeLine = {
  description: string;
  quantity: number;
  unitPrice: number;
  taxRate: number;
  projectId: string | null;
  agreementId: string | null;
  timeEntryIds: string[];
};

/** Hours summed in hundredths (what an entry holds), so 0.1 + 0.2 is 0.3. */
export const sumHours = (entries: readonly StaffTimeEntry[]): number =>
  fromScaled(
    entries.reduce((n, e) => n + toScaled(e.hours, 2), 0),
    2,
  );

const entriesWord = (n: number) => (n === 1 ? '1 entry' : `${n} entries`);

/** What the customer reads on the line: "Time: Network upgrade, 3 entries, 4.5 h". */
function describe(entries: readonly StaffTimeEntry[], grouping: TimeGrouping): string {
  const hours = `${sumHours(entries)} h`;
  const [first] = entries;
  if (grouping === 'entry' && first) {
    const what = first.description.trim() || first.projectName || 'time';
    return `Time: ${first.workDate}, ${what}, ${hours}`.slice(0, 500);
  }
  const project = first?.projectName ? `${first.projectName}, ` : '';
  return `Time: ${project}${entriesWord(entries.length)}, ${hours}`.slice(0, 500);
}

/** The lines for the picked entries at one hourly rate, in the order the entries came. */
export function timeLines(
  entries: readonly StaffTimeEntry[],
  grouping: TimeGrouping,
  hourlyRate: number,
): TimeLine[] {
  const groups = new Map<string, StaffTimeEntry[]>();
  for (const e of entries) {
    const key = grouping === 'entry' ? e.id : `${e.projectId ?? ''} ${e.agreementId ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  return [...groups.values()].map((group) => ({
    description: describe(group, grouping),
    quantity: sumHours(group),
    unitPrice: hourlyRate,
    taxRate: 0,
    projectId: group[0]?.projectId ?? null,
    agreementId: group[0]?.agreementId ?? null,
    timeEntryIds: group.map((e) => e.id),
  }));
}
