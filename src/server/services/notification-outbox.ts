// Writes the queued notifications (services/notifications.ts) as mails: each within a poll
// of its event, digests once a day at DIGEST_HOUR_UTC; hourly, queues invoice reminders; and
// each minute, the staff's SLA warnings (helpdesk/sla-alerts.ts, claimed once across servers).
// Rows are claimed with `for update skip locked` and deleted in the transaction that enqueues
// their mail, so several app servers never send one twice and a crash loses none.
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { customers, notifications, users } from '../db/schema.ts';
import {
  DIGEST_HOUR_UTC,
  notificationKindLabels,
  type NotificationKind,
} from '../../shared/schemas/notifications.ts';
import { paths } from '../../shared/routes.ts';
import { enqueueMail, writeTransaction, type MailMessage } from './mail-outbox.ts';
import { digestMailBody, noticeMailBody, noticeText } from './notification-mail-templates.tsx';
import { sweepInvoiceReminders } from './invoice-reminders.ts';
import { sweepSlaAlerts } from './helpdesk/sla-alerts.ts';
import { unsubscribeLinks } from './unsubscribe-tokens.ts';
import { Poller } from './poller.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const BATCH = 100;

export type NotificationOutboxOptions = {
  appUrl: string;
  sessionSecrets: string[];
  pollMs: number;
  /** Wakes the mail outbox after a commit that enqueued mail. */
  wakeMail: () => void;
};

type Claimed = {
  id: string;
  userId: string;
  kind: NotificationKind;
  type: string;
  data: Record<string, unknown>;
  customerId: string;
  email: string;
  firstName: string;
  companyName: string;
};

export class NotificationOutbox {
  private readonly poller: Poller;
  private sweptAt = 0;
  private slaSweptAt = 0;

  constructor(
    private readonly db: Db,
    private readonly options: NotificationOutboxOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.poller = new Poller({
      pollMs: options.pollMs,
      batch: BATCH,
      round: () => this.sendSingles(),
      housekeeping: async () => {
        await this.sweepSlaIfDue();
        await this.sweepIfDue();
      },
      onError: (err) => this.log.warn({ err }, 'notification round failed'),
    });
  }

  start() {
    this.poller.start();
  }

  stop() {
    return this.poller.stop();
  }

  /** Each minute: the SLA targets reached since are warned of (a minute late at most). */
  private async sweepSlaIfDue() {
    if (Date.now() - this.slaSweptAt < MINUTE) return;
    this.slaSweptAt = Date.now();
    await writeTransaction(this.db, this.options.wakeMail, (tx) =>
      sweepSlaAlerts(tx, this.options.appUrl),
    ).catch((err: unknown) => this.log.warn({ err }, 'SLA alert sweep failed'));
  }

  /** Hourly: due invoice reminders are queued, and the daily digests go once their hour came. */
  private async sweepIfDue() {
    if (Date.now() - this.sweptAt < HOUR) return;
    this.sweptAt = Date.now();
    await this.db
      .transaction((tx) => sweepInvoiceReminders(tx))
      .catch((err: unknown) => this.log.warn({ err }, 'invoice reminder sweep failed'));
    await this.sendDigests().catch((err: unknown) =>
      this.log.warn({ err }, 'notification digest failed'),
    );
  }

  /** One round of single notifications; returns how many rows it handled. */
  flush(): Promise<number> {
    return this.poller.flush();
  }

  private link(path: string, customerId: string) {
    return `${this.options.appUrl}${path}?company=${customerId}`;
  }

  private async claim(tx: Tx, digest: boolean, before?: Date): Promise<Claimed[]> {
    const rows = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.digest, digest),
          before ? lt(notifications.createdAt, before) : undefined,
        ),
      )
      .orderBy(asc(notifications.createdAt))
      .limit(digest ? 500 : BATCH)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const claimed = await tx
      .select({
        id: notifications.id,
        userId: notifications.userId,
        kind: notifications.kind,
        type: notifications.type,
        data: notifications.data,
        customerId: notifications.customerId,
        email: users.email,
        firstName: users.firstName,
        companyName: customers.name,
        active: users.active,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .innerJoin(customers, eq(customers.id, notifications.customerId))
      .where(inArray(notifications.id, ids))
      .orderBy(asc(notifications.createdAt));
    await tx.delete(notifications).where(inArray(notifications.id, ids));
    // Deactivated since the event: nothing goes out.
    return claimed.filter((c) => c.active);
  }

  private async sendSingles(): Promise<number> {
    return writeTransaction(this.db, this.options.wakeMail, async (tx) => {
      const claimed = await this.claim(tx, false);
      const mails: MailMessage[] = claimed.map((n) => {
        const text = noticeText(n.type, n.data);
        const { links, headers, secrets } = unsubscribeLinks(this.options, n.userId, n.kind);
        return {
          to: n.email,
          subject: text.subject,
          headers,
          secrets,
          ...noticeMailBody({
            firstName: n.firstName,
            companyName: n.companyName,
            kind: n.kind,
            kindLabel: notificationKindLabels[n.kind],
            text,
            href: this.link(text.path, n.customerId),
            links,
          }),
        };
      });
      await enqueueMail(tx, mails);
      return claimed.length;
    });
  }

  /**
   * Once the day's digest hour has come: everything queued for digests before it goes, one
   * mail per user. Returns how many digests were enqueued.
   */
  async sendDigests(now = new Date()): Promise<number> {
    const cutoff = new Date(now);
    cutoff.setUTCHours(DIGEST_HOUR_UTC, 0, 0, 0);
    if (now < cutoff) return 0;
    return writeTransaction(this.db, this.options.wakeMail, async (tx) => {
      const claimed = await this.claim(tx, true, cutoff);
      const byUser = new Map<string, Claimed[]>();
      for (const n of claimed) byUser.set(n.userId, [...(byUser.get(n.userId) ?? []), n]);
      const mails: MailMessage[] = [...byUser.values()].map((items) => {
        const first = items[0]!;
        const { links, headers, secrets } = unsubscribeLinks(this.options, first.userId, 'digest');
        return {
          to: first.email,
          subject: `Your daily update: ${items.length} ${items.length === 1 ? 'notification' : 'notifications'}`,
          headers,
          secrets,
          ...digestMailBody({
            firstName: first.firstName,
            items: items.map((n) => {
              const text = noticeText(n.type, n.data);
              return {
                companyName: n.companyName,
                text,
                href: this.link(text.path, n.customerId),
              };
            }),
            portalHref: `${this.options.appUrl}${paths.dashboard}`,
            links,
          }),
        };
      });
      await enqueueMail(tx, mails);
      return mails.length;
    });
  }
}
