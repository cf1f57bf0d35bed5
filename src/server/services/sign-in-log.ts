// The sign-in log (issue 18): sign-ins, sign-outs and wrong typed codes, with where from.
import Bowser from 'bowser';
import { and, desc, eq, exists, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { isoTimestamp } from '../db/json-list.ts';
import { companySso, customerUsers, signIns, users } from '../db/schema.ts';
import type { SignInEvent, SignInLogEntry, SignInMethod } from '../../shared/schemas/auth.ts';

/** How many entries a log screen shows, newest first. */
export const SIGN_IN_LOG_SIZE = 100;

export type RequestOrigin = { userAgent: string | null; ip: string | null };

/**
 * Browser and OS names from a user agent, with bowser (MIT, maintained, no dependencies,
 * a few kB): user agents are a moving target best left to a list someone keeps up to date.
 * ua-parser-js 2 is AGPL, which this product's licence cannot take.
 */
export function describeUserAgent(userAgent: string | null): {
  browser: string | null;
  os: string | null;
} {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const name = (n?: string, v?: string) => (n ? `${n}${v ? ` ${v.split('.')[0]}` : ''}` : null);
  return {
    browser: name(parsed.browser.name, parsed.browser.version),
    os: name(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
  };
}

export async function recordSignInEvent(
  db: Db | Tx,
  entry: {
    userId: string;
    event: SignInEvent;
    method: SignInMethod | null;
    /** Single sign-on: the identity provider's issuer URL. */
    issuer?: string | null;
  } & RequestOrigin,
): Promise<void> {
  const userAgent = entry.userAgent?.slice(0, 512) ?? null;
  await db.insert(signIns).values({
    userId: entry.userId,
    event: entry.event,
    method: entry.method,
    issuer: entry.issuer ?? null,
    userAgent,
    ...describeUserAgent(userAgent),
    ip: entry.ip,
  });
}

/**
 * One entry's columns (`signIns` joined with `users`), the same in every log: the profile's,
 * a company's, and the staff log's pages.
 */
export const signInLogColumns = {
  id: signIns.id,
  at: sql<string>`${isoTimestamp(signIns.at)}`,
  event: signIns.event,
  method: signIns.method,
  issuer: signIns.issuer,
  ip: signIns.ip,
  browser: signIns.browser,
  os: signIns.os,
  userName: sql<string>`btrim(${users.firstName} || ' ' || ${users.lastName})`,
  userEmail: users.email,
};

/**
 * Whose log: one user's (profile) or a company's members' (its admins). Staff read
 * everyone's in pages (modules/staff/sign-in-pages.ts).
 */
export type LogScope = { userId: string } | { customerId: string };

export async function listSignIns(db: Db, scope: LogScope): Promise<SignInLogEntry[]> {
  if ('userId' in scope)
    return db
      .select(signInLogColumns)
      .from(signIns)
      .innerJoin(users, eq(users.id, signIns.userId))
      .where(eq(signIns.userId, scope.userId))
      .orderBy(desc(signIns.at), desc(signIns.id))
      .limit(SIGN_IN_LOG_SIZE);
  return db
    .select({
      ...signInLogColumns,
      // Only this company's own identity provider (review N3): a member's sign-in through
      // another company's single sign-on does not tell this one where that company signs in.
      issuer: sql<string | null>`case when ${signIns.issuer} = (
        select ${companySso.issuer} from ${companySso}
         where ${companySso.customerId} = ${scope.customerId}) then ${signIns.issuer} end`,
    })
    .from(signIns)
    .innerJoin(users, eq(users.id, signIns.userId))
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(customerUsers)
          .where(
            and(
              eq(customerUsers.userId, signIns.userId),
              eq(customerUsers.customerId, scope.customerId),
              // Only since they accepted: where a newcomer signed in from while working for
              // another company is not this company's business (the row is made on acceptance).
              gte(signIns.at, customerUsers.createdAt),
            ),
          ),
      ),
    )
    .orderBy(desc(signIns.at), desc(signIns.id))
    .limit(SIGN_IN_LOG_SIZE);
}
