import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions, users } from '../db/schema.ts';
import { createSession, sha256 } from '../services/sessions.ts';

/**
 * A real session row for a seeded user and the signed cookie header that carries it,
 * for API tests that are not about the sign-in flow itself. Staff sessions have passed their
 * second factor unless `firstStepOnly` (the tests of the second factor itself); the session
 * signed in (and passed that factor) `minutesAgo` (0: now; the recent-sign-in tests).
 */
export async function sessionCookieFor(
  app: FastifyInstance,
  email: string,
  { firstStepOnly = false, minutesAgo = 0 } = {},
): Promise<string> {
  const [user] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  if (!user) throw new Error(`no user ${email}`);
  const rawId = await createSession(app.db, user.id, {
    userAgent: 'vitest',
    secondFactor: !firstStepOnly,
  });
  if (minutesAgo > 0) {
    const then = sql`now() - make_interval(mins => ${minutesAgo})`;
    await app.db
      .update(sessions)
      .set({
        createdAt: then,
        secondFactorAt: firstStepOnly ? null : then,
      })
      .where(eq(sessions.idHash, sha256(rawId)));
  }
  return `${app.sessionCookieName}=${app.signCookie(rawId)}`;
}

/**
 * The cookie header after a response that may have renewed the session's id (passing the
 * second factor does: services/sessions.ts › markSecondFactor), as a browser would keep it.
 */
export function cookieAfter(
  app: FastifyInstance,
  res: { cookies: { name: string; value: string }[] },
  cookie: string,
): string {
  const renewed = res.cookies.find((c) => c.name === app.sessionCookieName && c.value);
  if (!renewed) return cookie;
  const others = cookie
    .split('; ')
    .filter((part) => part && !part.startsWith(`${app.sessionCookieName}=`));
  return [`${app.sessionCookieName}=${renewed.value}`, ...others].join('; ');
}
