// What each staff role may read and write in the workspace (issue 38 item 7, ADR 058): the one
// table the staff guard authorizes with (every staff route names its area) and the client hides with.

/** A staff member's role; customers hold none. */
export const staffRoles = ['admin', 'agent', 'billing', 'read-only'] as const;
export type StaffRole = (typeof staffRoles)[number];
export const STAFF_ROLE_MESSAGE = 'Role must be admin, agent, billing or read-only';

export const staffRoleLabels: Record<StaffRole, string> = {
  admin: 'Admin',
  agent: 'Agent',
  billing: 'Billing',
  'read-only': 'Read-only',
};

const everyone = staffRoles;
const adminOnly = ['admin'] as const;
/** The auditor's role reads everything a non-admin may not change. */
const adminAndAuditor = ['admin', 'read-only'] as const;

type Access = { read: readonly StaffRole[]; write: readonly StaffRole[] };

/**
 * Area -> the roles that read it (GET, HEAD) and the roles that write it (any other method).
 * A staff route belongs to one area (`config.staffArea`, usually its plugin's); the guard
 * refuses the others with 403 and a message.
 */
export const staffAreas = {
  /** Tickets, replies, notes, watchers, attachments, satisfaction, unmatched mail. */
  helpdesk: { read: ['admin', 'agent', 'read-only'], write: ['admin', 'agent'] },
  /** Time logged against a company: agents log it, billing reads it for invoices. */
  timeEntries: { read: everyone, write: ['admin', 'agent'] },
  /** Saved replies: every help desk role uses them, admins manage them. */
  savedReplies: { read: ['admin', 'agent', 'read-only'], write: adminOnly },
  /** SLA targets and closed days. */
  serviceLevels: { read: everyone, write: adminOnly },
  /** Companies, their people, memberships, projects and documents. */
  companies: { read: everyone, write: adminOnly },
  /** Invoices (agreements, next issue); agents read them to answer a customer's question. */
  invoices: { read: everyone, write: ['admin', 'billing'] },
  /** The public site's contact and quote requests. */
  leads: { read: adminAndAuditor, write: adminOnly },
  /** The staff list (assignee pickers read it), roles and second-factor resets. */
  staffMembers: { read: everyone, write: adminOnly },
  /** The audit log and the sign-in log. */
  auditLogs: { read: adminAndAuditor, write: adminOnly },
  /** API tokens and webhooks: what reaches the workspace from outside. */
  integrations: { read: adminAndAuditor, write: adminOnly },
  /** Each member's own: their availability for new tickets and their SLA notices (ADR 063/064). */
  ownDesk: { read: everyone, write: everyone },
  /** Knowledge base articles and categories: the help desk writes them (issue 43). */
  knowledgeBase: { read: everyone, write: ['admin', 'agent'] },
  /** The status page: components, incidents, maintenance and its switch (issue 43, ADR 079). */
  statusPage: { read: everyone, write: ['admin', 'agent'] },
  /** A company's single sign-on and sign-in policy. */
  signInSettings: { read: adminAndAuditor, write: adminOnly },
} as const satisfies Record<string, Access>;
export type StaffArea = keyof typeof staffAreas;

export type StaffAccess = 'read' | 'write';

export function staffCan(
  role: StaffRole | null | undefined,
  area: StaffArea,
  access: StaffAccess,
): boolean {
  return role != null && (staffAreas[area][access] as readonly StaffRole[]).includes(role);
}

/** A request's access: GET and HEAD read, every other method writes. */
export const accessOf = (method: string): StaffAccess =>
  method === 'GET' || method === 'HEAD' ? 'read' : 'write';

/** The answer to a staff read or write the role may not make. */
export const STAFF_NO_ACCESS_MESSAGE = "Your staff role doesn't allow this";

/** The refusal of a role change that would leave the workspace without an admin. */
export const LAST_ADMIN_MESSAGE =
  'The workspace needs at least one admin: make another staff member admin first';
