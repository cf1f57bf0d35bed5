import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { apiTokens, users } from '../db/schema.ts';
import { conflict } from '../lib/errors.ts';
import type { ApiToken, ApiTokenScope, CreatedApiToken } from '../../shared/schemas/api-tokens.ts';
import { API_TOKEN_MAX_PER_USER, API_TOKEN_MESSAGES } from '../../shared/schemas/api-tokens.ts';
import type { CurrentUser } from '../../shared/schemas/auth.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import { loadCurrentUser } from './current-user.ts';
import { sha256, TOUCH_EVERY_MS } from './sessions.ts';

/** Recognisable in logs and by secret scanners; the rest is 256 random bits. */
const TOKEN_PREFIX = 'mit_';
const SHOWN_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;
const DAY_MS = 24 * 60 * 60 * 1000;

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};
type Row = Omit<typeof apiTokens.$inferSelect, 'userId' | 'tokenHash' | 'revokedAt'>;

const toApiToken = (row: Row): ApiToken => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const usable = (now: Date) => and(isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now));

/** A staff member's tokens that still work, newest first. */
export async function listApiTokens(db: Db, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .select(columns)
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), usable(new Date())))
    .orderBy(desc(apiTokens.createdAt));
  return rows.map(toApiToken);
}

/** Creates a token for the acting staff member; the whole token is in the answer only. */
export async function createApiToken(
  tx: Tx,
  actor: Actor,
  input: { name: string; scope: ApiTokenScope; days: number },
): Promise<CreatedApiToken> {
  const now = new Date();
  const [working] = await tx
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, actor.id), usable(now)));
  if ((working?.n ?? 0) >= API_TOKEN_MAX_PER_USER) throw conflict(API_TOKEN_MESSAGES.tooMany);
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(apiTokens)
    .values({
      userId: actor.id,
      name: input.name,
      scope: input.scope,
      tokenHash: sha256(token),
      prefix: token.slice(0, SHOWN_PREFIX_LENGTH),
      expiresAt: new Date(now.getTime() + input.days * DAY_MS),
    })
    .returning(columns);
  if (!row) throw new Error('insert returned no row');
  await recordAudit(tx, actor, {
    action: 'api_token.create',
    entityType: 'api_token',
    entityId: row.id,
    customerId: null,
    details: { name: input.name, scope: input.scope, days: input.days },
  });
  return { ...toApiToken(row), token };
}

/** Revokes one of the acting staff member's own tokens; false when there is none of that id. */
export async function revokeApiToken(tx: Tx, actor: Actor, id: string): Promise<boolean> {
  const [row] = await tx
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, actor.id), isNull(apiTokens.revokedAt)))
    .returning({ name: apiTokens.name });
  if (!row) return false;
  await recordAudit(tx, actor, {
    action: 'api_token.revoke',
    entityType: 'api_token',
    entityId: id,
    customerId: null,
    details: { name: row.name },
  });
  return true;
}

/**
 * Revokes every live token of an account: a colleague's second-factor reset, the owner's "It
 * was not me" (a token made from a stolen session must not outlive it). How many.
 */
export async function revokeAllApiTokensOf(tx: Tx, userId: string): Promise<number> {
  const revoked = await tx
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length;
}

/** The account a bearer token acts for: staff, active, the token neither expired nor revoked. */
export async function findTokenAccount(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ tokenId: string; user: CurrentUser; scope: ApiTokenScope } | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null;
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      scope: apiTokens.scope,
      lastUsedAt: apiTokens.lastUsedAt,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: users.role,
      staffRole: users.staffRole,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, sha256(token)),
        usable(now),
        eq(users.active, true),
        eq(users.role, 'staff'),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { tokenId, scope, lastUsedAt, ...user } = row;
  // "Last used" to the minute is enough to spot a forgotten token; reads need not write each time.
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId));
  }
  // A token is made by a staff member past both factors and is its own proof.
  const current = await loadCurrentUser(db, { ...user, secondFactorPending: false });
  return { tokenId, user: current, scope };
}
