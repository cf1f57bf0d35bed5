// Switches of the profile's Notification Preferences card changed from outside the profile
// (an unsubscribe link), and the digest choice (issue 21 item 2).
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { notificationPreferences } from '../db/schema.ts';
import {
  notificationSwitch,
  type NotificationDelivery,
} from '../../shared/schemas/notifications.ts';
import type { UnsubscribeScope } from './unsubscribe-tokens.ts';

/** Turns off the kind's switch (a digest: every kind digests carry); other switches keep their value. */
export async function turnOffNotifications(tx: Tx, userId: string, scope: UnsubscribeScope) {
  const off =
    scope === 'digest'
      ? { emailInvoices: false, emailProjects: false, emailMaintenance: false }
      : { [notificationSwitch[scope]]: false };
  await tx
    .insert(notificationPreferences)
    .values({ userId, ...off })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...off, updatedAt: new Date() },
    });
}

export async function notificationDelivery(db: Db, userId: string): Promise<NotificationDelivery> {
  const [row] = await db
    .select({ digest: notificationPreferences.emailDigest })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.digest ? 'daily' : 'each';
}

export async function setNotificationDelivery(
  tx: Tx,
  userId: string,
  delivery: NotificationDelivery,
) {
  const emailDigest = delivery === 'daily';
  await tx
    .insert(notificationPreferences)
    .values({ userId, emailDigest })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { emailDigest, updatedAt: new Date() },
    });
}
