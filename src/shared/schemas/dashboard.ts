import { z } from 'zod';
import { invoiceSchema } from './invoices.ts';
import { projectSchema } from './projects.ts';
import { ticketSchema } from './tickets.ts';

export const activityTypes = ['payment', 'milestone', 'ticket', 'document', 'other'] as const;
export type ActivityType = (typeof activityTypes)[number];

/** Spec section 3 "Activity". */
export const activitySchema = z.object({
  id: z.string(),
  type: z.enum(activityTypes),
  title: z.string(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activityListSchema = z.array(activitySchema);

/** What the dashboard's Recent Tickets card shows of a ticket. */
export const dashboardTicketSchema = ticketSchema.pick({
  id: true,
  subject: true,
  priority: true,
  status: true,
  createdAt: true,
});
export type DashboardTicket = z.infer<typeof dashboardTicketSchema>;

/** Spec section 3 "Dashboard response". */
/**
 * Spec section 3 "Dashboard response". Issue 18: a card whose data the reader's role may not
 * see is left out (outstanding balance and recent invoices need `invoices`, active projects
 * `projects`); open tickets and recent tickets count only the tickets the reader sees.
 */
export const dashboardSchema = z.object({
  stats: z.object({
    outstandingBalance: z.number().optional(),
    activeProjects: z.number().int(),
    openTickets: z.number().int(),
    monthlyHours: z.number(),
  }),
  recentInvoices: z.array(invoiceSchema).optional(),
  activeProjects: z.array(projectSchema).optional(),
  recentTickets: z.array(dashboardTicketSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
