import type { BadgeTone } from '../ui/badge.tsx';

/** Display names and badge colours of every status the staff screens show. */
export const statusLabels: Record<string, { label: string; tone: BadgeTone }> = {
  open: { label: 'Open', tone: 'blue' },
  pending: { label: 'Pending', tone: 'yellow' },
  closed: { label: 'Closed', tone: 'gray' },
  high: { label: 'High', tone: 'red' },
  normal: { label: 'Normal', tone: 'blue' },
  low: { label: 'Low', tone: 'gray' },
  new: { label: 'New', tone: 'blue' },
  'in-progress': { label: 'In Progress', tone: 'yellow' },
  done: { label: 'Done', tone: 'green' },
  paid: { label: 'Paid', tone: 'green' },
  overdue: { label: 'Overdue', tone: 'red' },
  completed: { label: 'Completed', tone: 'green' },
  scheduled: { label: 'Scheduled', tone: 'purple' },
  'on-hold': { label: 'On Hold', tone: 'gray' },
  project: { label: 'Project', tone: 'blue' },
  invoice: { label: 'Invoice', tone: 'green' },
  compliance: { label: 'Compliance', tone: 'purple' },
  training: { label: 'Training', tone: 'yellow' },
  other: { label: 'Other', tone: 'gray' },
};

export const labelOf = (value: string) => statusLabels[value]?.label ?? value;

/** Select options for a list of statuses, optionally headed by "All". */
export function optionsFor(values: readonly string[], all?: string) {
  return [
    ...(all ? [{ value: 'all', label: all }] : []),
    ...values.map((v) => ({ value: v, label: labelOf(v) })),
  ];
}
