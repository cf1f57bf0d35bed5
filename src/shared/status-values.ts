// The values of every status-like field, once: the schemas make their enums of them, and the
// screens' badges and filters read them without zod (issue 42: zod is not first-paint code).

export const invoiceStatuses = ['paid', 'pending', 'overdue'] as const;
/** The document's own life (ADR 066); the customer sees `status` (paid, pending, overdue) instead. */
export const invoiceStates = ['draft', 'issued', 'partly-paid', 'paid', 'void'] as const;
export const documentCategories = [
  'project',
  'invoice',
  'compliance',
  'training',
  'other',
] as const;
export const milestoneStatuses = ['completed', 'in-progress', 'pending'] as const;
export const projectStatuses = ['in-progress', 'completed', 'scheduled', 'on-hold'] as const;
export const leadStatuses = ['new', 'in-progress', 'done'] as const;
export const ticketPriorities = ['high', 'normal', 'low'] as const;
export const ticketStatuses = ['open', 'pending', 'closed'] as const;
