import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { customerUsers, customers, notificationPreferences, signIns } from '../../db/schema.ts';
import type { SessionUser } from '../../plugins/session/sessions.ts';
import type { CurrentUser } from '../../../shared/schemas/auth.ts';

const DEFAULT_PREFERENCES = {
  emailInvoices: true,
  emailProjects: true,
  emailTickets: true,
  emailMaintenance: false,
  smsUrgent: true,
  smsTickets: false,
};

type Preferences = CurrentUser['notificationPreferences'];

/**
 * The signed-in user as the client sees it: companies in link order, preferences, previous
 * sign-in. One round trip: this runs on every page load, and on the embedded database each
 * query costs far more than the work it does.
 */
export async function loadCurrentUser(db: Db, user: SessionUser): Promise<CurrentUser> {
  const [row] = await selectRows<{
    companies: { id: string; name: string }[] | null;
    prefs: Preferences | null;
    previous: number | string | null;
  }>(
    db,
    sql`select
      (select json_agg(json_build_object('id', ${customers.id}, 'name', ${customers.name})
                       order by ${customerUsers.position}, ${customerUsers.createdAt})
         from ${customerUsers} join ${customers} on ${customers.id} = ${customerUsers.customerId}
        where ${customerUsers.userId} = ${user.id}) as companies,
      (select json_build_object(
                'emailInvoices', ${notificationPreferences.emailInvoices},
                'emailProjects', ${notificationPreferences.emailProjects},
                'emailTickets', ${notificationPreferences.emailTickets},
                'emailMaintenance', ${notificationPreferences.emailMaintenance},
                'smsUrgent', ${notificationPreferences.smsUrgent},
                'smsTickets', ${notificationPreferences.smsTickets})
         from ${notificationPreferences} where ${notificationPreferences.userId} = ${user.id}) as prefs,
      (select extract(epoch from ${signIns.at}) * 1000 from ${signIns}
        where ${signIns.userId} = ${user.id} order by ${signIns.at} desc offset 1 limit 1) as previous`,
  );
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    customers: row?.companies ?? [],
    notificationPreferences: row?.prefs ?? DEFAULT_PREFERENCES,
    // The sign-in before the current one: what "last login" means to the person reading it.
    previousSignInAt: row?.previous == null ? null : new Date(Number(row.previous)).toISOString(),
  };
}
