// People and companies: users, customers (companies), their memberships and invitations,
// a company's single sign-on, and each user's notification choices.
import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, searchIndex } from './columns.ts';
import { orEmpty } from '../search-text.ts';
import { userRole, companyRole, companySignInPolicy, staffRole } from './enums.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    profileImageUrl: text('profile_image_url'),
    role: userRole('role').notNull().default('customer'),
    /**
     * A staff member's role in the workspace (issue 38, ADR 058); null for customers. The
     * migration's check `users_staff_role_check` makes every staff row name one, so a new way
     * to add staff that forgets it fails at once rather than granting a default.
     */
    staffRole: staffRole('staff_role'),
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
    /** ISO 4217: the company is invoiced in this one currency (issue 39, ADR 066). */
    currency: char('currency', { length: 3 }).notNull().default('USD'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The staff companies list and company picker search these (docs/decisions/043).
    searchIndex('customers_search_trgm_idx', t.name, orEmpty(t.email), orEmpty(t.phone)),
    check('customers_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/** The owning company's id: deleting the company deletes the row. */
export const customerRef = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

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
