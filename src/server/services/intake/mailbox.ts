// Reads the support mailbox: one app server at a time (a PostgreSQL advisory lock), new mail
// announced by IDLE with a poll as fallback, and \Seen set only after the message's
// transaction committed, so a crash in between fetches it again and the Message-ID
// makes the second time a no-op.
import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import pg from 'pg';
import { ingestMessage, wasDropped, type IntakeDeps, type IntakeResult } from './ingest.ts';
import type { ClientCredentialsToken } from './oauth-token.ts';

/** Arbitrary constant for pg_try_advisory_lock: the mailbox's holder. */
const MAILBOX_LOCK_ID = 727_016;
/**
 * How often a server that does not hold the mailbox tries the lock again (at most; sooner with
 * a shorter poll). Not the poll's minute: when the holder dies, another server takes over
 * within this time (measured by the cluster test, ADR 077).
 */
const LOCK_RETRY_MS = 10_000;

export type MailboxOptions = {
  imapUrl: string;
  /** PostgreSQL: several app servers may run; PGlite is one process, so no lock is needed. */
  databaseUrl?: string;
  /** Also the IDLE restart interval: without IDLE, how often the mailbox is searched. */
  pollMs: number;
  log: FastifyBaseLogger;
  /** Microsoft 365: sign in with this OAuth access token instead of IMAP_URL's password. */
  token?: ClientCredentialsToken;
};

/**
 * imapflow's connection options from `imaps://user:pass@host:993/INBOX`; with an OAuth access
 * token, that signs in (XOAUTH2/OAUTHBEARER) and the URL's password is not used.
 */
export function imapOptions(
  imapUrl: string,
  accessToken?: string,
): { options: ImapFlowOptions; mailbox: string } {
  const url = new URL(imapUrl);
  const secure = url.protocol === 'imaps:';
  const user = decodeURIComponent(url.username);
  return {
    options: {
      host: url.hostname,
      port: Number(url.port) || (secure ? 993 : 143),
      secure,
      auth: accessToken ? { user, accessToken } : { user, pass: decodeURIComponent(url.password) },
      logger: false,
    },
    mailbox: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'INBOX',
  };
}

export class MailIntake {
  private stopped = true;
  /** Set by `stop`: a drain in progress ends after the message it is storing. */
  private closing = false;
  private loop: Promise<void> | null = null;
  private client: ImapFlow | null = null;
  private lockClient: pg.Client | null = null;
  private wake: (() => void) | null = null;
  /** Since this process started (metrics); `unseen` is the last count found waiting. */
  readonly stats = { ingested: 0, failed: 0, dropped: 0, unseen: 0, holdsMailbox: false };

  constructor(
    private readonly deps: IntakeDeps,
    private readonly opts: MailboxOptions,
  ) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.closing = false;
    this.loop = this.run();
  }

  async stop() {
    this.stopped = true;
    this.closing = true;
    this.wake?.();
    await this.client?.logout().catch(() => {});
    await this.loop;
    await this.releaseLock();
  }

  private async run() {
    let failures = 0;
    while (!this.stopped) {
      try {
        if (!(await this.holdLock())) {
          await this.pause(Math.min(this.opts.pollMs, LOCK_RETRY_MS));
          continue;
        }
        await this.session();
        failures = 0;
      } catch (err) {
        // `stop` closed the connection under the session: nothing is wrong.
        if (this.stopped) break;
        failures++;
        this.opts.log.warn({ err }, 'mail intake: mailbox unavailable');
        // A refused token is fetched anew next time rather than offered again.
        this.opts.token?.invalidate();
        await this.releaseLock();
        await this.pause(Math.min(1000 * 2 ** failures, 60_000));
      }
    }
  }

  /**
   * One connection: drain what waits, then wait for IDLE's news or the poll. Signed in with
   * an OAuth token, it ends when the token is due for renewal: the next one signs in anew.
   */
  private async session() {
    const token = this.opts.token;
    const { options, mailbox } = imapOptions(this.opts.imapUrl, await token?.get());
    const client = new ImapFlow({ ...options, maxIdleTime: this.opts.pollMs });
    this.client = client;
    client.on('error', (err: Error) => this.opts.log.warn({ err }, 'mail intake: IMAP error'));
    client.on('exists', () => this.wake?.());
    await client.connect();
    const lock = await client.getMailboxLock(mailbox);
    try {
      const fresh = () => !token || token.msUntilRefresh() > 0;
      while (!this.stopped && client.usable && this.stats.holdsMailbox && fresh()) {
        await this.drain(client);
        await this.pause(Math.min(this.opts.pollMs, token?.msUntilRefresh() ?? Infinity));
      }
    } finally {
      lock.release();
      this.client = null;
      await client.logout().catch(() => {});
    }
  }

  /** Every unseen message, oldest first; one that fails stays unseen and never stops the next. */
  async drain(client: ImapFlow): Promise<IntakeResult[]> {
    const uids = (await client.search({ seen: false }, { uid: true })) || [];
    this.stats.unseen = uids.length;
    const results: IntakeResult[] = [];
    for (const uid of uids) {
      if (this.closing) break;
      const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
      if (!message || !message.source) continue;
      try {
        const result = await ingestMessage(this.deps, message.source);
        if (wasDropped(result)) {
          this.stats.dropped++;
          this.opts.log.warn({ uid }, 'mail intake: unmatched mail over the hourly limit dropped');
        }
        results.push(result);
      } catch (err) {
        this.stats.failed++;
        this.opts.log.error({ err, uid }, 'mail intake: message not stored; retried next round');
        continue;
      }
      // Only now: the transaction has committed. imapflow answers false rather than throwing
      // when the flag is not set (the connection is closing): the message stays unseen, and
      // whoever reads it next finds its Message-ID stored and adds nothing.
      if (!(await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true }))) continue;
      this.stats.ingested++;
      this.stats.unseen--;
    }
    return results;
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** True while this process holds the mailbox (always with PGlite). */
  private async holdLock(): Promise<boolean> {
    if (!this.opts.databaseUrl) return (this.stats.holdsMailbox = true);
    if (this.lockClient) return true;
    const client = new pg.Client({ connectionString: this.opts.databaseUrl });
    client.on('error', () => void this.releaseLock());
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [MAILBOX_LOCK_ID],
    );
    if (!rows[0]?.locked) {
      await client.end().catch(() => {});
      return (this.stats.holdsMailbox = false);
    }
    this.lockClient = client;
    return (this.stats.holdsMailbox = true);
  }

  /** Closing the session frees its advisory lock. */
  private async releaseLock() {
    const client = this.lockClient;
    this.lockClient = null;
    this.stats.holdsMailbox = false;
    await client?.end().catch(() => {});
  }
}
