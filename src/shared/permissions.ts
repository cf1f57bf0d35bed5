// What each role of a company membership may see and do (issue 18): the one table the server
// authorizes with (every company route names its permission) and the client hides with.
import type { ActivityType } from './schemas/dashboard.ts';

/** A user's role in one company; the same user may hold another role in another company. */
export const companyRoles = ['admin', 'billing', 'technical', 'member'] as const;
export type CompanyRole = (typeof companyRoles)[number];
export const COMPANY_ROLE_MESSAGE = 'Role must be admin, billing, technical or member';

export const companyRoleLabels: Record<CompanyRole, string> = {
  admin: 'Admin',
  billing: 'Billing',
  technical: 'Technical',
  member: 'Member',
};

const everyone = companyRoles;

/**
 * Permission -> the roles holding it. A company route declares one permission
 * (`config.permission`); the company scope refuses the others with 403 and a message.
 */
export const permissions = {
  /** The dashboard; each card is shown only with the permission of its data. */
  dashboard: everyone,
  /** The activity feed; payments, milestones and ticket events need the permissions below. */
  activities: everyone,
  /** Invoices, their PDFs and invoice documents. */
  invoices: ['admin', 'billing'],
  /**
   * Quotes sent to the company: read, accept with a signature, decline (ADR 072). The roles that
   * see invoices, since a quote becomes one; only they may bind the company.
   */
  quotes: ['admin', 'billing'],
  /** Projects in full (progress, milestones, notes) and project documents. */
  projects: ['admin', 'technical'],
  /** The project list: everyone; without `projects` it holds names and statuses only. */
  projectNames: everyone,
  /** Documents not tied to invoices or projects (compliance, training, other). */
  documents: everyone,
  /** Own tickets (and, with #17, watched ones): read, open, reply. */
  tickets: everyone,
  /** Every non-private ticket of the company. */
  allTickets: ['admin', 'technical'],
  /** Tickets marked private by someone else. */
  privateTickets: ['admin'],
  /** The company's sites, read. */
  sites: everyone,
  /** Sites, add, change, remove. */
  editSites: ['admin'],
  /** The colleagues screen: list, invite, change role, deactivate; the company's sign-in log. */
  team: ['admin'],
  /** The agreements' hours card and their low-balance mails (ADR 071). */
  agreementHours: ['admin', 'billing'],
  /** An agreement's renewal reminder: whoever decides to renew. */
  agreementRenewal: ['admin'],
  /** A ticket's time spent, on the tickets the role sees. */
  ticketTime: ['admin', 'billing', 'technical'],
  /** The knowledge base's articles for customers: public, every customer's and the company's own. */
  knowledgeBase: everyone,
  /** Leaving the company: one's own membership, whatever the role (review N3). */
  leave: everyone,
} as const satisfies Record<string, readonly CompanyRole[]>;
export type Permission = keyof typeof permissions;

export function can(role: CompanyRole | null | undefined, permission: Permission): boolean {
  return role != null && (permissions[permission] as readonly CompanyRole[]).includes(role);
}

/** What an activity entry's title names, so who may read it: payments, milestones, tickets. */
const activityNeeds: Partial<Record<ActivityType, Permission>> = {
  payment: 'invoices',
  milestone: 'projects',
  ticket: 'allTickets',
};

/** The activity types a role does not see: the server's feed and the sample feed alike. */
export function hiddenActivityTypes(role: CompanyRole | null | undefined): ActivityType[] {
  return (Object.entries(activityNeeds) as [ActivityType, Permission][])
    .filter(([, needs]) => !can(role, needs))
    .map(([type]) => type);
}

/** The answer to a read or write the role may not make (never an empty list). */
export const NO_ACCESS_MESSAGE = "You don't have access to this part of the portal";

/**
 * Whether a role sees a ticket: admins every one; technical every non-private one; anyone
 * their own, and a non-private one they watch (issue 17). The server's
 * where-clause (services/role-filters.ts) is this rule in SQL; the isolation matrix
 * compares the two.
 */
export function seesTicket(
  role: CompanyRole,
  ticket: { own: boolean; private: boolean; watching?: boolean },
): boolean {
  if (ticket.own || can(role, 'privateTickets')) return true;
  if (ticket.private) return false;
  return can(role, 'allTickets') || ticket.watching === true;
}
