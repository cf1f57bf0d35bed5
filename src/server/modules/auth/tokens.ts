import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { signInTokens, users } from '../../db/schema.ts';
import { sha256 } from '../../plugins/session/sessions.ts';

export const TOKEN_TTL_MS = 10 * 60 * 1000;
/** Wrong codes allowed per token before it is dead (a new request issues a new one). */
export const MAX_CODE_ATTEMPTS = 5;

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

/** Stores the token's hashes; older tokens of the user are cancelled (sessions are untouched). */
export async function storeToken(tx: Tx, userId: string, issued: IssuedToken): Promise<void> {
  await tx.delete(signInTokens).where(eq(signInTokens.userId, userId));
  await tx.insert(signInTokens).values({
    userId,
    tokenHash: issued.tokenHash,
    codeHash: issued.codeHash,
    expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
  });
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
  | { ok: false; reason: 'no-token' | 'wrong-code' | 'too-many-attempts' };

/** Checks a typed code against the user's newest usable token, counting wrong attempts. */
export async function consumeCode(tx: Tx, userId: string, code: string): Promise<CodeResult> {
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
    return {
      ok: false,
      reason: row.codeAttempts + 1 >= MAX_CODE_ATTEMPTS ? 'too-many-attempts' : 'wrong-code',
    };
  }
  await tx.update(signInTokens).set({ usedAt: new Date() }).where(eq(signInTokens.id, row.id));
  return { ok: true, userId };
}
