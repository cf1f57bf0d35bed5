import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import type { StaffRole } from '../../shared/staff-permissions.ts';

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is refreshed at most this often, so reads do not write on every request. */
export const TOUCH_EVERY_MS = 5 * 60 * 1000;

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  role: 'customer' | 'staff';
  /** The staff member's role in the workspace (ADR 058); null for customers. */
  staffRole: StaffRole | null;
};

/** Staff need a second factor on top of the first step; customers do not (issue 19). */
export const secondFactorPending = (role: SessionUser['role'], secondFactorAt: Date | null) =>
  role === 'staff' && secondFactorAt === null;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Creates a session row and returns the raw id for the cookie (only its hash is stored). */
export async function createSession(
  db: Db | Tx,
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null; secondFactor?: boolean } = {},
): Promise<string> {
  const rawId = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: sha256(rawId),
    userId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ip: meta.ip ?? null,
    secondFactorAt: meta.secondFactor ? new Date() : null,
  });
  return rawId;
}

/**
 * Marks a session as having passed its second factor (issue 19). A session that was past the
 * mail link only continues under a new id, returned for the cookie: whoever planted or saw its
 * id then holds nothing now (fourth outside attack, issue 35: fixation). A signed-in session
 * confirming it is still its owner keeps its id (its other requests in flight stay valid).
 */
export async function markSecondFactor(
  db: Db | Tx,
  idHash: string,
  { wasPending }: { wasPending: boolean },
): Promise<string | null> {
  const rawId = wasPending ? randomBytes(32).toString('base64url') : null;
  const [row] = await db
    .update(sessions)
    .set({ secondFactorAt: sql`now()`, ...(rawId ? { idHash: sha256(rawId) } : {}) })
    .where(eq(sessions.idHash, idHash))
    .returning({ userId: sessions.userId });
  return row ? rawId : null;
}

/**
 * The user's columns every signed-in request needs, with the session's last activity and
 * expiry (which bound how long the session cache may reuse them).
 */
export const sessionUserColumns = {
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  signedInAt: sessions.createdAt,
  secondFactorAt: sessions.secondFactorAt,
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  role: users.role,
  staffRole: users.staffRole,
};

/**
 * The rule of a usable session, with placeholders `idHash`, `now` and `idleSince` (see
 * `sessionParams`): known, not expired, used recently, its user active.
 */
export const activeSession = and(
  eq(sessions.idHash, sql.placeholder('idHash')),
  gt(sessions.expiresAt, sql.placeholder('now')),
  gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
  eq(users.active, true),
);

export function sessionParams(idHash: string, now: Date) {
  return { idHash, now, idleSince: new Date(now.getTime() - SESSION_IDLE_MS) };
}

/**
 * Refreshes lastSeenAt when it is older than TOUCH_EVERY_MS, so most reads do not write.
 * True when it did.
 */
export async function touchSession(db: Db, idHash: string, lastSeenAt: Date, now: Date) {
  if (now.getTime() - lastSeenAt.getTime() <= TOUCH_EVERY_MS) return false;
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.idHash, idHash));
  return true;
}

/** Ends one session; the user it belonged to, or null when there was none. */
export async function deleteSession(db: Db, rawId: string): Promise<string | null> {
  const [row] = await db
    .delete(sessions)
    .where(eq(sessions.idHash, sha256(rawId)))
    .returning({ userId: sessions.userId });
  return row?.userId ?? null;
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
