import fs from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { Poller } from './poller.ts';
import { GroupCommit } from './group-commit.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * Links, codes and tokens (sign-in, rating, unsubscribe): the outbox keeps them, in the text,
   * HTML and headers, only until the mail is sent.
   */
  secrets?: string[];
  /** A Message-ID chosen by the sender (ticket mail records it); default `<outbox id@host>`. */
  messageId?: string;
  /** Extra headers (In-Reply-To, References). */
  headers?: Record<string, string>;
  /**
   * A person's own words (an agent's reply): sent without `Auto-Submitted`. Every other mail
   * is automatic and says so (RFC 3834), so auto-responders and our own intake never answer it.
   */
  personal?: boolean;
};

const AUTOMATIC = { 'Auto-Submitted': 'auto-generated' } as const;

const REMOVED = '[removed after sending]';
const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/** The text with every secret (and its HTML-escaped form) replaced by a note. */
function withoutSecrets(text: string, secrets: string[]): string {
  let out = text;
  // Longest first: a link contains its token.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (!secret) continue;
    out = out.replaceAll(secret, REMOVED).replaceAll(escapeHtml(secret), REMOVED);
  }
  return out;
}

/** The headers with every secret replaced (List-Unsubscribe carries a token). */
function headersWithoutSecrets(headers: Record<string, string> | null, secrets: string[]) {
  if (headers === null) return null;
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, withoutSecrets(value, secrets)]),
  );
}

/** Columns that forget a mail's secrets; empty when it has none. */
function forgetSecrets(mail: typeof mailOutbox.$inferSelect) {
  const secrets = mail.secrets ?? [];
  if (secrets.length === 0) return {};
  return {
    text: withoutSecrets(mail.text, secrets),
    html: mail.html === null ? null : withoutSecrets(mail.html, secrets),
    headers: headersWithoutSecrets(mail.headers, secrets),
    secrets: null,
  };
}

/** A sent mail's mark, as the group commit writes it (jsonb_to_recordset's columns). */
type SentMark = {
  id: string;
  attempts: number;
  /** With secrets: the text, HTML and headers without them (the row forgets them once sent). */
  forget: boolean;
  text: string | null;
  html: string | null;
  headers: Record<string, string> | null;
};

function sentMark(mail: typeof mailOutbox.$inferSelect): SentMark {
  const forgotten = forgetSecrets(mail);
  const forget = 'secrets' in forgotten;
  return {
    id: mail.id,
    attempts: mail.attempts + 1,
    forget,
    text: forgotten.text ?? null,
    html: forgotten.html ?? null,
    headers: forgotten.headers ?? null,
  };
}

const HOUR = 60 * 60 * 1000;

const MAX_ATTEMPTS = 8;
/** Mails per claim, sent concurrently. */
const BATCH = 100;
/** A claimed mail is hidden from other workers this long; longer than a batch's sending. */
const LEASE_MS = 2 * 60 * 1000;
/**
 * nodemailer's pool: at most 5 connections, each renewed after 100 messages; every step of a
 * send has a deadline well inside the lease, so a stuck relay cannot outlive it.
 */
const SMTP_POOL = {
  pool: true,
  maxConnections: 5,
  maxMessages: 100,
  connectionTimeout: 15_000,
  greetingTimeout: 15_000,
  socketTimeout: 30_000,
} as const;
/** 30 s, 1 min, 2 min ... capped at 1 h. */
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);

/** The transactions that enqueued mail: `writeTransaction` wakes the worker after they commit. */
const enqueuedIn = new WeakSet<Tx>();

/** Adds mail to the outbox inside the caller's transaction: it is sent only if the write commits. */
export async function enqueueMail(tx: Tx, messages: MailMessage | MailMessage[]) {
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length === 0) return;
  await tx.insert(mailOutbox).values(
    list.map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html ?? null,
      replyTo: m.replyTo ?? null,
      secrets: m.secrets?.length ? m.secrets : null,
      messageId: m.messageId ?? null,
      headers: m.personal ? (m.headers ?? null) : { ...AUTOMATIC, ...m.headers },
    })),
  );
  enqueuedIn.add(tx);
}

/**
 * Runs one write in a transaction; once it has committed, and only if it enqueued mail,
 * `wake` asks the outbox worker for a delivery round (the app's `app.write`), so no route
 * has to remember to.
 */
export async function writeTransaction<T>(
  db: Db,
  wake: () => void,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  let enqueued = false;
  const result = await db.transaction(async (tx) => {
    const value = await work(tx);
    enqueued = enqueuedIn.has(tx);
    return value;
  });
  if (enqueued) wake();
  return result;
}

/** What waits in the outbox table, for every app server together. */
export async function outboxBacklog(db: Db) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')::int`,
      oldestPendingSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'pending')), 0)::float8`,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'failed']));
  return row ?? { pending: 0, failed: 0, oldestPendingSeconds: 0 };
}

/**
 * Delivers the outbox. With SMTP_URL it speaks SMTP; without it, each mail is
 * printed to the console and written as an .eml file under DATA_DIR/mail.
 */
export type MailOutboxOptions = {
  /** How long a claimed mail is hidden from other workers; a killed worker's mail waits this long. */
  leaseMs?: number;
};

export class MailOutbox {
  private readonly transport: Transporter;
  private readonly fileMode: boolean;
  private readonly poller: Poller;
  private readonly leaseMs: number;
  /** Since this process started (metrics). */
  readonly stats = { delivered: 0, failedAttempts: 0 };
  private purgedAt = 0;
  // Sent but not marked (the database gone): the lease runs out and it goes again, with
  // the same Message-ID for the receiver to know it by.
  private readonly marks = new GroupCommit<SentMark>({
    write: (rows) => this.markSent(rows),
    onError: (err, rows) =>
      this.log.warn({ err, mailIds: rows.map((r) => r.id) }, 'mail sent, mark lost'),
  });

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    options: MailOutboxOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.fileMode = !config.smtpUrl;
    // Pooled: a batch goes over a few open connections instead of one handshake per mail.
    this.transport = config.smtpUrl
      ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_POOL })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.poller = new Poller({
      pollMs: config.mailPollMs,
      batch: BATCH,
      round: () => this.deliverDue(),
      housekeeping: () => this.purgeIfDue(),
      onError: (err) => this.log.warn({ err }, 'mail round failed'),
    });
  }

  start() {
    this.poller.start();
  }

  async stop() {
    await this.poller.stop();
    this.transport.close();
  }

  /** Ask for a delivery round soon (after a commit that enqueued mail). */
  kick() {
    this.poller.kick();
  }

  /** One delivery round; returns how many mails were sent. Safe to call concurrently. */
  flush(): Promise<number> {
    return this.poller.flush();
  }

  /** Hourly at most: the delete reads every finished row's status and age. */
  private async purgeIfDue() {
    if (Date.now() - this.purgedAt < HOUR) return;
    this.purgedAt = Date.now();
    await this.purgeDelivered().catch((err: unknown) =>
      this.log.warn({ err }, 'mail outbox purge failed'),
    );
  }

  /** Deletes sent and given-up mail older than MAIL_RETENTION_DAYS; returns how many. */
  async purgeDelivered(): Promise<number> {
    const cutoff = sql`now() - make_interval(days => ${this.config.mailRetentionDays})`;
    const deleted = await this.db
      .delete(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, cutoff)),
          and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.createdAt, cutoff)),
        ),
      )
      .returning({ id: mailOutbox.id });
    return deleted.length;
  }

  /** Sends the claimed batch at once (the pool spreads it over its connections). */
  private async deliverDue(): Promise<number> {
    let due: (typeof mailOutbox.$inferSelect)[];
    try {
      due = await this.claimDue();
    } catch (err) {
      this.log.warn({ err }, 'mail outbox unavailable');
      return 0;
    }
    const sent = await Promise.all(due.map((mail) => this.attempt(mail)));
    return sent.filter(Boolean).length;
  }

  /** One mail: sent and marked, or its failure recorded on its own row. True when sent. */
  private async attempt(mail: typeof mailOutbox.$inferSelect): Promise<boolean> {
    try {
      await this.deliver(mail);
    } catch (err) {
      const attempts = mail.attempts + 1;
      const failed = attempts >= MAX_ATTEMPTS;
      this.stats.failedAttempts++;
      this.log.warn({ err, mailId: mail.id, attempts }, 'mail delivery failed');
      await this.db
        .update(mailOutbox)
        .set({
          attempts,
          status: failed ? 'failed' : 'pending',
          lastError: String(err instanceof Error ? err.message : err).slice(0, 500),
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffMs(attempts) / 1000})`,
          ...(failed ? forgetSecrets(mail) : {}),
        })
        .where(eq(mailOutbox.id, mail.id))
        .catch(() => {});
      return false;
    }
    this.stats.delivered++;
    await this.marks.push(sentMark(mail));
    return true;
  }

  /** Several sent mails marked in one statement (the group commit's write). */
  private async markSent(rows: SentMark[]) {
    const v = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, attempts int, forget boolean, text text, html text, headers jsonb)`;
    await this.db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        attempts: sql`v.attempts`,
        lastError: null,
        text: sql`case when v.forget then v.text else ${mailOutbox.text} end`,
        html: sql`case when v.forget then v.html else ${mailOutbox.html} end`,
        headers: sql`case when v.forget then v.headers else ${mailOutbox.headers} end`,
        secrets: sql`case when v.forget then null else ${mailOutbox.secrets} end`,
      })
      .from(v)
      .where(sql`${mailOutbox.id} = v.id`);
  }

  /**
   * Takes due mails and pushes their next attempt a little into the future, so
   * another app server polling the same table does not send them twice.
   */
  private async claimDue() {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailOutbox)
        // The database's clock, as for the lease (webhook-outbox.ts says why).
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length > 0) {
        await tx
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now() + make_interval(secs => ${this.leaseMs / 1000})` })
          .where(
            inArray(
              mailOutbox.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    });
  }

  private async deliver(mail: typeof mailOutbox.$inferSelect) {
    const info = await this.transport.sendMail({
      from: this.config.mailFrom,
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
      messageId: mail.messageId ?? `<${mail.id}@${new URL(this.config.appUrl).hostname}>`,
      headers: mail.headers ?? undefined,
    });
    if (this.fileMode) {
      const dir = path.join(this.config.dataDir, 'mail');
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      // Without SMTP the console is the inbox: print the text so links can be followed.
      this.log.info(
        { to: mail.to, subject: mail.subject, file },
        `mail written (no SMTP_URL set):\n${mail.text}`,
      );
    }
  }
}
