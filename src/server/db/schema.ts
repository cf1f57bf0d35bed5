// The whole domain of spec section 3, plus what the server needs to run it
// (sessions, sign-in tokens, mail outbox, audit log), one file per area under schema/.
// Money is numeric(12,2), every timestamp carries its time zone, calendar days are `date`.
// drizzle.config.ts and every import read the tables through this file.
export * from './schema/enums.ts';
export * from './schema/accounts.ts';
export * from './schema/sign-in.ts';
export * from './schema/billing.ts';
export * from './schema/projects.ts';
export * from './schema/tickets.ts';
export * from './schema/ticket-mail.ts';
export * from './schema/sla.ts';
export * from './schema/assignment.ts';
export * from './schema/scheduled-tickets.ts';
export * from './schema/recurring-invoices.ts';
export * from './schema/agreements.ts';
export * from './schema/agreement-overage.ts';
export * from './schema/staff-timers.ts';
export * from './schema/public-site.ts';
export * from './schema/events.ts';
export * from './schema/follow-up.ts';
export * from './schema/online-payments.ts';
export * from './schema/quotes.ts';
export * from './schema/staff-notifications.ts';
export * from './schema/knowledge-base.ts';
export * from './schema/knowledge-base-suggestions.ts';
export * from './schema/status-page.ts';
