import type { InvoiceStatus } from '../../../shared/schemas/invoices.ts';
import type { Milestone, ProjectStatus } from '../../../shared/schemas/projects.ts';
import type { ReactNode } from 'react';
import { Badge as UiBadge, type BadgeTone } from '../../ui/badge.tsx';

/** Status labels stay on one line beside long titles. */
function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <UiBadge tone={tone} className="shrink-0 whitespace-nowrap">
      {children}
    </UiBadge>
  );
}

const invoiceTone: Record<InvoiceStatus, BadgeTone> = {
  paid: 'green',
  pending: 'yellow',
  overdue: 'red',
};
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={invoiceTone[status]}>{status}</Badge>;
}

export const projectStatusLabel: Record<ProjectStatus, string> = {
  'in-progress': 'In Progress',
  completed: 'Completed',
  scheduled: 'Scheduled',
  'on-hold': 'On Hold',
};
const projectTone: Record<ProjectStatus, BadgeTone> = {
  'in-progress': 'blue',
  completed: 'green',
  scheduled: 'purple',
  'on-hold': 'yellow',
};
export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge tone={projectTone[status]}>{projectStatusLabel[status]}</Badge>;
}

/** Spec section 4: a pending milestone is displayed as "scheduled". */
const milestoneLabel: Record<Milestone['status'], string> = {
  completed: 'completed',
  'in-progress': 'in progress',
  pending: 'scheduled',
};
const milestoneTone: Record<Milestone['status'], BadgeTone> = {
  completed: 'green',
  'in-progress': 'blue',
  pending: 'gray',
};
export function MilestoneStatusBadge({ status }: { status: Milestone['status'] }) {
  return <Badge tone={milestoneTone[status]}>{milestoneLabel[status]}</Badge>;
}

const priorityTone: Record<'high' | 'normal' | 'low', BadgeTone> = {
  high: 'red',
  normal: 'blue',
  low: 'gray',
};
export function PriorityBadge({ priority }: { priority: 'high' | 'normal' | 'low' }) {
  return <Badge tone={priorityTone[priority]}>{priority}</Badge>;
}
