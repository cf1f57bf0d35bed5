import type { DocumentCategory } from './schemas/documents.ts';
import type { InvoiceState, InvoiceStatus } from './schemas/invoices.ts';
import type { Milestone } from './schemas/milestones.ts';
import type { ProjectStatus } from './schemas/projects.ts';
import type { LeadStatus } from './schemas/staff-leads.ts';
import type { TicketStatus } from './schemas/tickets.ts';
import {
  documentCategories,
  invoiceStates,
  invoiceStatuses,
  leadStatuses,
  milestoneStatuses,
  projectStatuses,
  ticketPriorities,
  ticketStatuses,
} from './status-values.ts';

/** The badge colours (ui/badge.tsx draws each one); a meaning keeps its colour everywhere. */
export type StatusTone = 'gray' | 'blue' | 'green' | 'amber' | 'red' | 'purple';
type Shown = { label: string; tone: StatusTone };

const shown = <V extends string>(values: readonly V[], map: Record<V, Shown>) => ({
  values,
  map,
});

/**
 * How every status-like value is shown, by the portal, its dashboard and the staff screens
 * alike, in filters and in badges: one label (the filter's words, e.g. "In Progress") and one
 * colour. Spec section 4: a pending milestone is displayed as "Scheduled".
 * docs/decisions/019-status-badges-and-legibility-test.md.
 */
export const statusKinds = {
  invoice: shown<InvoiceStatus>(invoiceStatuses, {
    paid: { label: 'Paid', tone: 'green' },
    pending: { label: 'Pending', tone: 'amber' },
    overdue: { label: 'Overdue', tone: 'red' },
  }),
  /** The document's own life (ADR 066), on the staff screens only. */
  invoiceState: shown<InvoiceState>(invoiceStates, {
    draft: { label: 'Draft', tone: 'gray' },
    issued: { label: 'Issued', tone: 'blue' },
    'partly-paid': { label: 'Partly Paid', tone: 'amber' },
    paid: { label: 'Paid', tone: 'green' },
    void: { label: 'Void', tone: 'red' },
  }),
  ticketStatus: shown<TicketStatus>(ticketStatuses, {
    open: { label: 'Open', tone: 'blue' },
    pending: { label: 'Pending', tone: 'amber' },
    closed: { label: 'Closed', tone: 'gray' },
  }),
  priority: shown<(typeof ticketPriorities)[number]>(ticketPriorities, {
    high: { label: 'High', tone: 'red' },
    normal: { label: 'Normal', tone: 'blue' },
    low: { label: 'Low', tone: 'gray' },
  }),
  project: shown<ProjectStatus>(projectStatuses, {
    'in-progress': { label: 'In Progress', tone: 'blue' },
    completed: { label: 'Completed', tone: 'green' },
    scheduled: { label: 'Scheduled', tone: 'purple' },
    'on-hold': { label: 'On Hold', tone: 'amber' },
  }),
  milestone: shown<Milestone['status']>(milestoneStatuses, {
    completed: { label: 'Completed', tone: 'green' },
    'in-progress': { label: 'In Progress', tone: 'blue' },
    pending: { label: 'Scheduled', tone: 'purple' },
  }),
  lead: shown<LeadStatus>(leadStatuses, {
    new: { label: 'New', tone: 'amber' },
    'in-progress': { label: 'In Progress', tone: 'blue' },
    done: { label: 'Done', tone: 'green' },
  }),
  documentCategory: shown<DocumentCategory>(documentCategories, {
    project: { label: 'Project', tone: 'blue' },
    invoice: { label: 'Invoice', tone: 'green' },
    compliance: { label: 'Compliance', tone: 'purple' },
    training: { label: 'Training', tone: 'amber' },
    other: { label: 'Other', tone: 'gray' },
  }),
};

export type StatusKind = keyof typeof statusKinds;
/** The values of one kind, e.g. `StatusValue<'invoice'>` is 'paid' | 'pending' | 'overdue'. */
export type StatusValue<K extends StatusKind> = (typeof statusKinds)[K]['values'][number];

/** Label and tone of a value; an unknown value (a newer server) shows as itself, in gray. */
export function statusOf<K extends StatusKind>(kind: K, value: StatusValue<K>): Shown {
  const map: Partial<Record<string, Shown>> = statusKinds[kind].map;
  return map[value] ?? { label: value, tone: 'gray' };
}

export const statusLabel = <K extends StatusKind>(kind: K, value: StatusValue<K>) =>
  statusOf(kind, value).label;

/** Filter or select options of one kind in its order, headed by `all` (e.g. "All") if given. */
export function statusOptions<K extends StatusKind>(kind: K, all?: string) {
  const values: readonly StatusValue<K>[] = statusKinds[kind].values;
  return [
    ...(all ? [{ value: 'all', label: all }] : []),
    ...values.map((value) => ({ value: value as string, label: statusLabel(kind, value) })),
  ];
}
