// Signing in and staying signed in: sessions, the sign-in log, API tokens, passkeys, the
// second factor, magic-link tokens and the typed codes' counters and locks.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigint,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { signInEvent, signInMethod, typedCodeKind, apiTokenScope } from './enums.ts';

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
