import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is refreshed at most this often, so reads do not write on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  role: 'customer' | 'staff';
};

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Creates a session row and returns the raw id for the cookie (only its hash is stored). */
export async function createSession(
  db: Db | Tx,
  userId: string,
  meta: { userAgent?: string | null; ip?: string | null } = {},
): Promise<string> {
  const rawId = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    idHash: sha256(rawId),
    userId,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ip: meta.ip ?? null,
  });
  return rawId;
}

/**
 * The session lookup every signed-in request makes, built once per database: the SQL text is
 * not rebuilt per request, and PostgreSQL parses and plans it once per connection (named
 * statement). Still one indexed query per request, so a revoked session ends at once.
 */
const sessionUserQueries = new WeakMap<Db, ReturnType<typeof prepareSessionUser>>();

function prepareSessionUser(db: Db) {
  return db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      role: users.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('session_user');
}

/** The active user behind a raw session id, or null when the session is unknown, expired, idle too long or the user is deactivated. */
export async function findSessionUser(db: Db, rawId: string): Promise<SessionUser | null> {
  const idHash = sha256(rawId);
  const now = new Date();
  let query = sessionUserQueries.get(db);
  if (!query) {
    query = prepareSessionUser(db);
    sessionUserQueries.set(db, query);
  }
  const [row] = await query.execute({
    idHash,
    now,
    idleSince: new Date(now.getTime() - SESSION_IDLE_MS),
  });
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.idHash, idHash));
  }
  const { lastSeenAt: _seen, ...user } = row;
  return user;
}

export async function deleteSession(db: Db, rawId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, sha256(rawId)));
}

export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
