// The whole domain of spec section 3, plus what the server needs to run it
// (sessions, sign-in tokens, mail outbox, audit log). Money is numeric(12,2),
// every timestamp carries its time zone, calendar days are `date`.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { orEmpty, searchText } from './search-text.ts';
import {
  type ExtraConfigColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigint,
} from 'drizzle-orm/pg-core';
import { signInEvents, signInMethods, userRoles } from '../../shared/schemas/auth.ts';
import { companyRoles } from '../../shared/permissions.ts';
import { signInPolicies } from '../../shared/schemas/sso.ts';
import { apiTokenScopes } from '../../shared/schemas/api-tokens.ts';
import { webhookDeliveryStatuses } from '../../shared/schemas/webhooks.ts';
import { notificationKinds } from '../../shared/schemas/notifications.ts';
import { activityTypes } from '../../shared/schemas/dashboard.ts';
import { documentCategories } from '../../shared/schemas/documents.ts';
import { invoiceStatuses } from '../../shared/schemas/invoices.ts';
import { milestoneStatuses } from '../../shared/schemas/milestones.ts';
import { projectStatuses } from '../../shared/schemas/projects.ts';
import { leadStatuses } from '../../shared/schemas/staff-leads.ts';
import { unmatchedReasons, unmatchedStatuses } from '../../shared/schemas/staff-unmatched-mail.ts';
import {
  ticketPriorities,
  ticketReplyKinds,
  ticketStatuses,
} from '../../shared/schemas/tickets.ts';
import { ticketRatings as ratingValues } from '../../shared/schemas/satisfaction.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const customerRef = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

// Every value list is written once, in src/shared (db/enums.test.ts compares them with the database).
/** A GIN trigram index (pg_trgm, loaded on PGlite too): `ilike '%text%'` on the column uses it. */
const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));
/** A GIN trigram index over a list's searched text (`searchText`, the expression its query uses). */
const searchIndex = (name: string, ...columns: [SQLWrapper, ...SQLWrapper[]]) =>
  index(name).using('gin', sql`${searchText(...columns)} gin_trgm_ops`);

export const userRole = pgEnum('user_role', userRoles);
export const companyRole = pgEnum('company_role', companyRoles);
export const signInEvent = pgEnum('sign_in_event', signInEvents);
export const signInMethod = pgEnum('sign_in_method', signInMethods);
export const companySignInPolicy = pgEnum('company_sign_in_policy', signInPolicies);
/** Typed codes that count and lock apart: the mailed sign-in code, staff's second factor. */
export const typedCodeKinds = ['sign-in-code', 'second-factor'] as const;
export const typedCodeKind = pgEnum('typed_code_kind', typedCodeKinds);
export const apiTokenScope = pgEnum('api_token_scope', apiTokenScopes);
export const invoiceStatus = pgEnum('invoice_status', invoiceStatuses);
export const projectStatus = pgEnum('project_status', projectStatuses);
export const milestoneStatus = pgEnum('milestone_status', milestoneStatuses);
export const ticketStatus = pgEnum('ticket_status', ticketStatuses);
export const ticketPriority = pgEnum('ticket_priority', ticketPriorities);
export const documentCategory = pgEnum('document_category', documentCategories);
export const activityType = pgEnum('activity_type', activityTypes);
export const leadStatus = pgEnum('lead_status', leadStatuses);
/** The outbox's own states: no screen shows them, so they live here. */
export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    profileImageUrl: text('profile_image_url'),
    role: userRole('role').notNull().default('customer'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    /** Issue 19: `passkey` or `sso` refuse magic links to this company's users (ADR 042). */
    signInPolicy: companySignInPolicy('sign_in_policy').notNull().default('any'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The staff companies list and company picker search these (docs/decisions/043).
  (t) => [searchIndex('customers_search_trgm_idx', t.name, orEmpty(t.email), orEmpty(t.phone))],
);

/** A company's own OpenID provider (issue 19, ADR 042); the client secret is encrypted. */
export const companySso = pgTable('company_sso', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** secret-box `v1.` form under the `sso-client-secrets` purpose; never answered. */
  clientSecret: text('client_secret').notNull(),
  allowJoin: boolean('allow_join').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: updatedAt(),
});

/** The e-mail domains a company's provider speaks for: one company per domain. */
export const companySsoDomains = pgTable(
  'company_sso_domains',
  {
    domain: text('domain').primaryKey(),
    customerId: customerRef(),
  },
  (t) => [index('company_sso_domains_customer_idx').on(t.customerId)],
);

/**
 * Who a member is at their company's provider (review N4): the issuer and subject of their
 * first single sign-on there. A later sign-in naming the same address with another subject is
 * refused; a change of the company's issuer (staff, audited, mailed to its admins) clears them.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: customerRef(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.customerId] })],
);

/**
 * A started SSO sign-in: the PKCE verifier and nonce kept server-side, found by the hash of
 * its `state`, deleted when the provider sends the browser back (single use, 10 minutes).
 */
export const ssoLogins = pgTable('sso_logins', {
  stateHash: text('state_hash').primaryKey(),
  customerId: customerRef(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Which companies a user belongs to; `position` orders them (the first is the one the portal shows). */
export const customerUsers = pgTable(
  'customer_users',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: customerRef(),
    position: integer('position').notNull().default(0),
    /** The user's role in this company (issue 18); the migration made every earlier link admin. */
    role: companyRole('role').notNull().default('member'),
    /** A deactivated membership keeps its row (history, reactivation) but gives no access. */
    active: boolean('active').notNull().default(true),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.customerId] }),
    index('customer_users_customer_idx').on(t.customerId),
  ],
);

/**
 * A company admin's invitation to an address (review N3): nothing is linked until the
 * address's owner accepts through the mailed link. One per company and address (a new
 * invite replaces the token); the row is deleted when accepted or revoked.
 */
export const customerInvitations = pgTable(
  'customer_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    /** Lower-case, so one address has one invitation per company. */
    email: text('email').notNull(),
    role: companyRole('role').notNull(),
    /** sha256 of the mailed token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customer_invitations_token_hash_idx').on(t.tokenHash),
    uniqueIndex('customer_invitations_customer_email_idx').on(t.customerId, t.email),
  ],
);

export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailInvoices: boolean('email_invoices').notNull().default(true),
  emailProjects: boolean('email_projects').notNull().default(true),
  emailTickets: boolean('email_tickets').notNull().default(true),
  emailMaintenance: boolean('email_maintenance').notNull().default(false),
  /** Issue 21: notification mails as one daily digest instead of one mail each. */
  emailDigest: boolean('email_digest').notNull().default(false),
  smsUrgent: boolean('sms_urgent').notNull().default(true),
  smsTickets: boolean('sms_tickets').notNull().default(false),
  updatedAt: updatedAt(),
});

/** A session row; the cookie carries a random id whose SHA-256 is `idHash`. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When this session passed a second factor (issue 19); staff need it for the workspace. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The sign-in log: one row per sign-in, sign-out and wrong typed code (issue 18), for "last
 * login" and security review. Browser and OS are parsed from the user agent when written.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    event: signInEvent('event').notNull().default('sign-in'),
    method: signInMethod('method'),
    /** Single sign-on: the identity provider's issuer URL. */
    issuer: text('issuer'),
    userAgent: text('user_agent'),
    browser: text('browser'),
    os: text('os'),
    ip: text('ip'),
  },
  (t) => [
    index('sign_ins_user_at_idx').on(t.userId, t.at),
    // The staff log's order, newest first (issue 20).
    index('sign_ins_at_idx').on(t.at, t.id),
  ],
);

/**
 * Staff members' personal API tokens (issue 21): `Authorization: Bearer` on `/api/staff/*`.
 * Only the SHA-256 of a token is stored; it ends at `expiresAt` or when revoked.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: apiTokenScope('scope').notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_idx').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A user's passkeys (issue 19): WebAuthn credentials registered on the profile. The public
 * key is the COSE key as base64url; the counter guards against cloned authenticators.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id as base64url: what the browser names the passkey by. */
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_idx').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * A WebAuthn challenge waiting for its answer (issue 19, docs/decisions/040-passkeys.md):
 * single-use (deleted when answered), bound to the browser by a signed cookie naming the row
 * and, for a signed-in request, to its session. In the database so any app server can check it.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    challenge: text('challenge').notNull(),
    /** The registering user; null for a sign-in, whose user the passkey names. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The SHA-256 of the session that asked; null for a signed-out visitor. */
    sessionHash: text('session_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * A staff member's authenticator app (issue 19): the TOTP seed, encrypted with the secret box
 * ('totp-secrets'). Unconfirmed until a code from the app proves it was scanned;
 * `lastUsedStep` refuses a code's 30-second step a second time (replay).
 */
export const totpCredentials = pgTable('totp_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time recovery codes for the second factor, stored as SHA-256 hashes; used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recovery_codes_hash_idx').on(t.codeHash),
    index('recovery_codes_user_idx').on(t.userId),
  ],
);

/** Magic-link tokens and their typed codes, stored only as SHA-256 hashes. */
export const signInTokens = pgTable(
  'sign_in_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash').notNull(),
    codeAttempts: integer('code_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sign_in_tokens_token_hash_idx').on(t.tokenHash),
    index('sign_in_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A requested change of a user's sign-in address (issue 13, item 1): it takes effect when
 * the owner, signed in, opens the link mailed to the new address (`tokenHash`, 24 h). The
 * old address gets a link (`reportTokenHash`) that cancels or undoes it. Hashes only.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    reportTokenHash: text('report_token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_changes_token_hash_idx').on(t.tokenHash),
    uniqueIndex('email_changes_report_token_hash_idx').on(t.reportTokenHash),
    index('email_changes_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Browsers where a staff member confirmed their second factor (a random token in a cookie,
 * stored hashed). Wrong codes from such a browser count and lock only that browser, so nobody
 * else can lock the owner out of the browsers they use (issue 35; OWASP device cookies).
 */
export const secondFactorDevices = pgTable(
  'second_factor_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('second_factor_devices_token_hash_idx').on(t.tokenHash),
    index('second_factor_devices_user_idx').on(t.userId),
  ],
);

/** Each wrong typed code of an account, kept an hour: ten of them turn codes off (issue 13, item 5). */
export const signInCodeFailures = pgTable(
  'sign_in_code_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Mailed sign-in codes and second-factor codes count apart (review N1). */
    kind: typedCodeKind('kind').notNull(),
    /** A known browser's wrong second-factor codes count apart from every other browser's. */
    deviceId: uuid('device_id').references(() => secondFactorDevices.id, { onDelete: 'cascade' }),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_in_code_failures_user_idx').on(t.userId, t.kind, t.failedAt)],
);

/** Accounts whose codes of one kind are refused until `lockedUntil` (sign-in links still work). */
export const signInCodeLocks = pgTable(
  'sign_in_code_locks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: typedCodeKind('kind').notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    number: text('number').notNull(),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    status: invoiceStatus('status').notNull(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    paymentUrl: text('payment_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    // The list's order, so the database reads the rows sorted instead of sorting them.
    index('invoices_customer_issue_idx').on(t.customerId, t.issueDate, t.number),
    // `?q=` (issue 20): trigram indexes answer `ilike '%...%'` without reading every row.
    searchIndex('invoices_search_trgm_idx', t.number, t.description),
    check('invoices_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: projectStatus('status').notNull(),
    progress: integer('progress').notNull().default(0),
    startDate: date('start_date').notNull(),
    estimatedCompletion: date('estimated_completion'),
    endDate: date('end_date'),
    projectManager: text('project_manager').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_customer_idx').on(t.customerId, t.startDate.desc().nullsFirst(), t.name),
    trigramIndex('projects_name_trgm_idx', t.name),
    searchIndex('projects_search_trgm_idx', t.name, t.description),
    check('projects_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

export const milestones = pgTable(
  'milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: milestoneStatus('status').notNull(),
    dueDate: date('due_date').notNull(),
    completedDate: date('completed_date'),
    createdAt: createdAt(),
  },
  (t) => [index('milestones_project_idx').on(t.projectId, t.dueDate)],
);

/** Ticket ids read like `TK-1042`: a global sequence behind a text key. */
export const ticketNumberSeq = pgSequence('ticket_number_seq', { startWith: 1001 });

export const tickets = pgTable(
  'tickets',
  {
    id: text('id')
      .primaryKey()
      .default(sql`'TK-' || nextval('ticket_number_seq')`),
    customerId: customerRef(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    priority: ticketPriority('priority').notNull().default('normal'),
    status: ticketStatus('status').notNull().default('open'),
    category: text('category').notNull(),
    department: text('department').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Set by the author: seen only by the author, the company's admins and staff (issue 18). */
    private: boolean('private').notNull().default(false),
    assignedToUserId: uuid('assigned_to_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    searchIndex('tickets_search_trgm_idx', t.subject, t.description),
    index('tickets_status_idx').on(t.status),
    // A member's own tickets in list order (issue 18's visibility within issue 20's pages).
    index('tickets_customer_author_created_idx').on(
      t.customerId,
      t.createdByUserId,
      t.createdAt,
      t.id,
    ),
  ],
);

export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    author: text('author').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    isAgent: boolean('is_agent').notNull().default(false),
    /** A message, or an event of the conversation ("Jordan added Dana", issue 17). */
    kind: text('kind', { enum: ticketReplyKinds }).notNull().default('message'),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_replies_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** The help desk's saved replies (issue 17): one library for every agent. */
export const savedReplies = pgTable('saved_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedByName: text('updated_by_name').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Agents' internal notes on a ticket (issue 17). A table of their own, read only by the staff
 * door: no customer query, mail or export touches it, so a note cannot leak by a missed filter.
 */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_notes_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * Files on a ticket (issue 17): on its description (`replyId` null) or on a reply. The bytes
 * live in the storage interface; an image also has a thumbnail and a viewing size there,
 * re-encoded by sharp (no EXIF). Seen by whoever may see the ticket, nobody else.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => ticketReplies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    viewKey: text('view_key'),
    width: integer('width'),
    height: integer('height'),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The file's place among its message's files, as sent. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId, t.createdAt, t.position)],
);

/**
 * Every Message-ID of a ticket's mail thread, sent (`out`) or received (`in`): outgoing mail
 * refers to them (In-Reply-To, References) and intake matches an answer's references to them.
 */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    messageId: text('message_id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * Every message intake took from the support mailbox, once (its Message-ID is the key, so a
 * message fetched twice is stored once): written in the transaction that stored it.
 */
export const intakeMessages = pgTable(
  'intake_messages',
  {
    messageId: text('message_id').primaryKey(),
    fromAddress: text('from_address').notNull(),
    outcome: text('outcome', { enum: ['ticket', 'reply', 'unmatched', 'ignored'] }).notNull(),
    /** Why a message was ignored (a loop guard) or quarantined. */
    reason: text('reason'),
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    /** The original message in storage (`mail/<sha256>.eml`). */
    emlKey: text('eml_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('intake_messages_sender_idx').on(t.fromAddress, t.outcome, t.createdAt)],
);

/** Mail intake could not place: the staff help desk's "Unmatched mail" queue. */
export const unmatchedMails = pgTable(
  'unmatched_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id')
      .notNull()
      .references(() => intakeMessages.messageId, { onDelete: 'cascade' }),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    reason: text('reason', { enum: unmatchedReasons }).notNull(),
    status: text('status', { enum: unmatchedStatuses }).notNull().default('open'),
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('unmatched_mails_status_idx').on(t.status, t.createdAt)],
);

/** A ticket opened by a reply to a closed ticket points to it. */
export const ticketFollowUps = pgTable('ticket_follow_ups', {
  ticketId: text('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  followsTicketId: text('follows_ticket_id')
    .notNull()
    .references(() => tickets.id, { onDelete: 'cascade' }),
});

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The project's name, copied so a search needs no join; kept by triggers (migration 0014). */
    projectName: text('project_name'),
    name: text('name').notNull(),
    type: text('type').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    category: documentCategory('category').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_customer_uploaded_idx').on(t.customerId, t.uploadedAt, t.id),
    searchIndex('documents_search_trgm_idx', t.name, orEmpty(t.projectName)),
  ],
);

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    contactPerson: text('contact_person').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sites_customer_idx').on(t.customerId)],
);

export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    type: activityType('type').notNull(),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activities_customer_created_idx').on(t.customerId, t.createdAt)],
);

/** Hours worked for a company; feeds the dashboard's "This Month's Hours". */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    workDate: date('work_date').notNull(),
    hours: numeric('hours', { precision: 6, scale: 2 }).notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_entries_customer_date_idx').on(t.customerId, t.workDate),
    check('time_entries_hours_positive', sql`${t.hours} > 0`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    phone: text('phone'),
    message: text('message').notNull(),
    status: leadStatus('status').notNull().default('new'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    phone: text('phone'),
    service: text('service').notNull(),
    details: text('details').notNull(),
    status: leadStatus('status').notNull().default('new'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quote_requests_created_idx').on(t.createdAt)],
);

/** Mail waits here until delivered, so an SMTP outage never loses a message. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Sign-in links and codes in the text: removed once the mail is sent (or given up). */
    secrets: jsonb('secrets').$type<string[]>(),
    /** Chosen when enqueued (ticket mail records it to thread replies); null: `<id@host>`. */
    messageId: text('message_id'),
    /** Extra headers: In-Reply-To, References, Auto-Submitted. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_done_idx').on(t.status, t.createdAt),
  ],
);

/** Every staff write: who, what, when, on which company. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_customer_idx').on(t.customerId),
  ],
);

/**
 * Every domain event (issue 21), written in the transaction of the write it tells of; the
 * webhook deliveries it fans out to are written in the same transaction (ADR 033).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('domain_events_created_idx').on(t.createdAt),
    index('domain_events_entity_idx').on(t.type, t.entityId),
  ],
);

/** A receiver staff registered; the secret is encrypted with a key derived from SESSION_SECRET. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  events: jsonb('events').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
  secretCipher: text('secret_cipher').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', webhookDeliveryStatuses);

/** The webhook outbox: one row per event and endpoint, claimed with `for update skip locked`. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => domainEvents.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    /** The JSON body, fixed when enqueued so every retry sends the same bytes. */
    body: text('body').notNull(),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last attempt: HTTP status (null: no answer), time to answer, and why it failed. */
    responseCode: integer('response_code'),
    responseMs: integer('response_ms'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

export const notificationKind = pgEnum('notification_kind', notificationKinds);

/**
 * Notification mails waiting to be written (issue 21): one row per event (or invoice reminder)
 * and recipient, inserted in the event's transaction for the members whose role sees it and
 * whose switch is on. `digest` rows wait for the daily digest; the others go within seconds.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    /** A domain event type, or `invoice.reminder`. */
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    digest: boolean('digest').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_due_idx').on(t.digest, t.createdAt)],
);

/** The reminders an invoice has had: one row per stage (days from due), so each goes once. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    offsetDays: integer('offset_days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.offsetDays] })],
);

/**
 * SLA targets staff changed (issue 17); a priority without a row uses the shared defaults
 * (src/shared/schemas/sla.ts), so the table may be empty.
 */
export const slaTargets = pgTable('sla_targets', {
  priority: ticketPriority('priority').primaryKey(),
  firstResponseMinutes: integer('first_response_minutes').notNull(),
  resolutionMinutes: integer('resolution_minutes').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Days the help desk is closed although they are working weekdays (holidays, ADR 035
 * addendum): local dates in the company's zone; no SLA window opens on them.
 */
export const closedDays = pgTable('closed_days', {
  day: date('day').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/**
 * A ticket's SLA clock, fixed when it is opened from the targets of its priority then: when
 * the first staff reply and the close are due, and when they happened. A table of its own so
 * the promise made to a ticket does not move when staff later edit the targets.
 */
export const ticketSlas = pgTable('ticket_slas', {
  ticketId: text('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  firstResponseMinutes: integer('first_response_minutes').notNull(),
  resolutionMinutes: integer('resolution_minutes').notNull(),
  firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }).notNull(),
  resolutionDueAt: timestamp('resolution_due_at', { withTimezone: true }).notNull(),
  /** When 20 % of each target's business time is left: "at risk" from then on, in SQL. */
  firstResponseAtRiskAt: timestamp('first_response_at_risk_at', { withTimezone: true }).notNull(),
  resolutionAtRiskAt: timestamp('resolution_at_risk_at', { withTimezone: true }).notNull(),
  firstRespondedAt: timestamp('first_responded_at', { withTimezone: true }),
  /** The last close; cleared when the ticket is reopened. */
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  /** Since when the resolution clock waits on the customer (ADR 035, pending); null while it runs. */
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  /** Business minutes of the pauses already over: the resolution target is counted this much later. */
  pausedMinutes: integer('paused_minutes').notNull().default(0),
});

// Issue 17, colleagues in copy and satisfaction (ADR 036).

/**
 * Colleagues a customer put in copy of a ticket: they see it in the portal and get its mails
 * (their ticket-mail switch). Only users of the ticket's company, never on a private ticket.
 */
export const ticketWatchers = pgTable(
  'ticket_watchers',
  {
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedByUserId: uuid('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.userId] }),
    index('ticket_watchers_user_idx').on(t.userId),
  ],
);

/**
 * The author's rating of a closed ticket, one per ticket (a new rating replaces it). The agent
 * credited is the ticket's assignee when rated, else the agent who last replied.
 */
export const ticketSatisfaction = pgTable(
  'ticket_satisfaction',
  {
    ticketId: text('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentUserId: uuid('agent_user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: text('rating', { enum: ratingValues }).notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ticket_satisfaction_updated_idx').on(t.updatedAt)],
);
