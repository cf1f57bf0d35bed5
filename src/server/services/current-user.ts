import { eq, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Db } from '../db/client.ts';
import { preparedPerDb } from '../db/prepared.ts';
import {
  customerUsers,
  customers,
  emailChanges,
  notificationPreferences,
  sessions,
  signIns,
  users,
} from '../db/schema.ts';
import {
  activeSession,
  secondFactorPending,
  sessionParams,
  sessionUserColumns,
  touchSession,
  TOUCH_EVERY_MS,
  type SessionUser,
} from './sessions.ts';
import type { CurrentUser } from '../../shared/schemas/auth.ts';

/** A user's notification preferences until they save their own. */
export const DEFAULT_PREFERENCES = {
  emailInvoices: true,
  emailProjects: true,
  emailTickets: true,
  emailMaintenance: false,
  smsUrgent: true,
  smsTickets: false,
};

type Preferences = CurrentUser['notificationPreferences'];

/**
 * The account of a user (a parameter, or `users.id` of the outer query): companies in link
 * order, preferences, previous sign-in, as columns of one query.
 */
const accountColumns = (userId: SQL | typeof users.id) => ({
  companies: sql<CurrentUser['customers'] | null>`(
    select json_agg(json_build_object('id', ${customers.id}, 'name', ${customers.name},
                                      'role', ${customerUsers.role})
                    order by ${customerUsers.position}, ${customerUsers.createdAt})
      from ${customerUsers} join ${customers} on ${customers.id} = ${customerUsers.customerId}
     where ${customerUsers.userId} = ${userId} and ${customerUsers.active})`,
  prefs: sql<Preferences | null>`(
    select json_build_object(
             'emailInvoices', ${notificationPreferences.emailInvoices},
             'emailProjects', ${notificationPreferences.emailProjects},
             'emailTickets', ${notificationPreferences.emailTickets},
             'emailMaintenance', ${notificationPreferences.emailMaintenance},
             'smsUrgent', ${notificationPreferences.smsUrgent},
             'smsTickets', ${notificationPreferences.smsTickets})
      from ${notificationPreferences} where ${notificationPreferences.userId} = ${userId})`,
  previous: sql<number | string | null>`(
    select extract(epoch from ${signIns.at}) * 1000 from ${signIns}
     where ${signIns.userId} = ${userId} and ${signIns.event} = 'sign-in' order by ${signIns.at} desc offset 1 limit 1)`,
  pending: sql<string | null>`(
    select ${emailChanges.newEmail} from ${emailChanges}
     where ${emailChanges.userId} = ${userId} and ${emailChanges.confirmedAt} is null
       and ${emailChanges.cancelledAt} is null and ${emailChanges.expiresAt} > now()
     order by ${emailChanges.createdAt} desc limit 1)`,
});

type Account = {
  companies: CurrentUser['customers'] | null;
  prefs: Preferences | null;
  previous: number | string | null;
  pending: string | null;
};

type AccountUser = SessionUser & { secondFactorPending: boolean };

function toCurrentUser(user: AccountUser, account: Account | undefined): CurrentUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    // Staff only: the customer's answer keeps the spec's shape.
    ...(user.role === 'staff' && user.staffRole ? { staffRole: user.staffRole } : {}),
    customers: account?.companies ?? [],
    notificationPreferences: account?.prefs ?? DEFAULT_PREFERENCES,
    // The sign-in before the current one: what "last login" means to the person reading it.
    previousSignInAt:
      account?.previous == null ? null : new Date(Number(account.previous)).toISOString(),
    pendingEmail: account?.pending ?? null,
    secondFactorPending: user.secondFactorPending,
  };
}

/** The signed-in user as the client sees it, for a user already loaded (after a profile change). */
export async function loadCurrentUser(db: Db, user: AccountUser): Promise<CurrentUser> {
  const { companies, prefs, previous, pending } = accountColumns(sql`${user.id}`);
  const [account] = await selectRows<Account>(
    db,
    sql`select ${companies} as companies, ${prefs} as prefs, ${previous} as previous, ${pending} as pending`,
  );
  return toCurrentUser(user, account);
}

const currentUserQuery = preparedPerDb((db) =>
  db
    .select({ ...sessionUserColumns, ...accountColumns(users.id) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(activeSession)
    .limit(1)
    .prepare('current_user_by_session'),
);

/**
 * A signed-in account, the moment its session must be read from the database again, and
 * when the session last proved who it is (signed in, or passed its second factor).
 */
export type SessionAccount = { user: CurrentUser; recheckAt: number; verifiedAt: number };

/**
 * The session check and the account in one prepared query (each query costs far more than
 * its work on the embedded database). Null when the session is not usable. The account may
 * be reused until `recheckAt`: the session's expiry, or when its last activity is due a touch.
 */
export async function findSessionAccount(
  db: Db,
  idHash: string,
  now: Date,
): Promise<SessionAccount | null> {
  const [row] = await currentUserQuery(db).execute(sessionParams(idHash, now));
  if (!row) return null;
  const touched = await touchSession(db, idHash, row.lastSeenAt, now);
  const {
    lastSeenAt,
    expiresAt,
    signedInAt,
    secondFactorAt,
    companies,
    prefs,
    previous,
    pending,
    ...user
  } = row;
  const seen = touched ? now.getTime() : lastSeenAt.getTime();
  const pendingFactor = secondFactorPending(user.role, secondFactorAt);
  return {
    user: toCurrentUser(
      { ...user, secondFactorPending: pendingFactor },
      { companies, prefs, previous, pending },
    ),
    recheckAt: Math.min(expiresAt.getTime(), seen + TOUCH_EVERY_MS),
    verifiedAt: Math.max(signedInAt.getTime(), secondFactorAt?.getTime() ?? 0),
  };
}
