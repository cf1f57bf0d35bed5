import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { signInTokens, users } from '../../db/schema.ts';
import { codesLocked, recordCodeFailure } from '../../services/code-lockout.ts';

import { sha256 } from '../../services/sessions.ts';

export const TOKEN_TTL_MS = 10 * 60 * 1000;
/** Wrong codes allowed per token before it is dead (a new request issues a new one). */
export const MAX_CODE_ATTEMPTS = 5;
/**
 * Links alive at once per account. A request while this many are alive sends nothing, so
 * nobody can cancel the links an owner already has by asking for more (issue 13, item 6).
 */
export const MAX_LIVE_LINKS = 3;
export type IssuedToken = { token: string; code: string; tokenHash: string; codeHash: string };

/** The code is hashed with the user id, so equal codes of two users never share a hash. */
const hashCode = (userId: string, code: string) => sha256(`${userId}:${code}`);

/**
 * A fresh link token (32 bytes from the CSPRNG) and a 6-digit code. Called for every
 * request, known address or not, so both branches do the same work.
 */
export function generateToken(userId: string): IssuedToken {
  const token = randomBytes(32).toString('base64url');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return { token, code, tokenHash: sha256(token), codeHash: hashCode(userId, code) };
}

/**
 * Stores the token's hashes unless MAX_LIVE_LINKS links of the user are still alive (then
 * false: nothing to mail). Used and expired tokens are deleted; live ones stay valid.
 */
export async function storeToken(tx: Tx, userId: string, issued: IssuedToken): Promise<boolean> {
  // One request per user at a time, so two at once cannot both see room for a link.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  await tx
    .delete(signInTokens)
    .where(
      and(
        eq(signInTokens.userId, userId),
        or(isNotNull(signInTokens.usedAt), lte(signInTokens.expiresAt, new Date())),
      ),
    );
  const live = await tx.$count(signInTokens, eq(signInTokens.userId, userId));
  if (live >= MAX_LIVE_LINKS) return false;
  await tx.insert(signInTokens).values({
    userId,
    tokenHash: issued.tokenHash,
    codeHash: issued.codeHash,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
  });
  return true;
}

/** The active user an address belongs to, or null. */
export async function findActiveUserByEmail(db: Db | Tx, email: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, role: users.role })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.active, true)))
    .limit(1);
  return user ?? null;
}

const usable = () => and(isNull(signInTokens.usedAt), gt(signInTokens.expiresAt, new Date()));

/** True when the link token is unused, unexpired and its user active (read only: link scanners). */
export async function isTokenUsable(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: signInTokens.id })
    .from(signInTokens)
    .innerJoin(users, eq(users.id, signInTokens.userId))
    .where(and(eq(signInTokens.tokenHash, sha256(token)), usable(), eq(users.active, true)))
    .limit(1);
  return !!row;
}

/** Marks the link token used in one statement (two racing presses cannot both win); returns its user. */
export async function consumeToken(tx: Tx, token: string): Promise<string | null> {
  const [row] = await tx
    .update(signInTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(signInTokens.tokenHash, sha256(token)), usable()))
    .returning({ userId: signInTokens.userId });
  return row?.userId ?? null;
}

export type CodeResult =
  | { ok: true; userId: string }
  | {
      ok: false;
      reason: 'no-token' | 'wrong-code' | 'too-many-attempts' | 'codes-locked';
      /** This wrong code turned the account's codes off: the owner is told. */
      lockedNow?: boolean;
    };

/**
 * Checks a typed code against the user's newest usable token, counting wrong attempts per
 * token and per account. While the account's sign-in codes are turned off, every code is
 * refused; the second factor has its own count (review N1), so this form cannot lock it.
 */
export async function consumeCode(tx: Tx, userId: string, code: string): Promise<CodeResult> {
  if (await codesLocked(tx, { userId, kind: 'sign-in-code' }))
    return { ok: false, reason: 'codes-locked' };
  const [row] = await tx
    .select()
    .from(signInTokens)
    .where(and(eq(signInTokens.userId, userId), usable()))
    .orderBy(desc(signInTokens.createdAt))
    .limit(1)
    .for('update');
  if (!row) return { ok: false, reason: 'no-token' };
  if (row.codeAttempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: 'too-many-attempts' };
  const given = Buffer.from(hashCode(userId, code));
  const expected = Buffer.from(row.codeHash);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    await tx
      .update(signInTokens)
      .set({ codeAttempts: row.codeAttempts + 1 })
      .where(eq(signInTokens.id, row.id));
    const lockedNow = await recordCodeFailure(tx, { userId, kind: 'sign-in-code' });
    return {
      ok: false,
      reason: row.codeAttempts + 1 >= MAX_CODE_ATTEMPTS ? 'too-many-attempts' : 'wrong-code',
      lockedNow,
    };
  }
  await tx.update(signInTokens).set({ usedAt: new Date() }).where(eq(signInTokens.id, row.id));
  return { ok: true, userId };
}
