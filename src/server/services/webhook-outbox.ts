// Delivers the webhook outbox (issue 21, ADR 033): claims due rows with
// `for update skip locked` (as the mail outbox does), so several app servers share the table
// without sending a row twice; signs each POST, gives every attempt a deadline, reads at most
// a few KB of the answer, never follows a redirect, and retries with exponential backoff for
// 24 hours.
import http from 'node:http';
import https from 'node:https';
import { and, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { sweepOverdueInvoices } from './domain-events.ts';
import { checkWebhookUrl, guardedLookup, type WebhookPolicy } from './webhook-address.ts';
import { decryptSecret } from './secret-box.ts';
import { signWebhook } from './webhook-signature.ts';
import { Poller } from './poller.ts';
import { GroupCommit } from './group-commit.ts';
import type { webhookDeliveryStatuses } from '../../shared/schemas/webhooks.ts';

const HOUR = 60 * 60 * 1000;
/** A delivery is retried until this long after it was queued, then given up. */
export const RETRY_WINDOW_MS = 24 * HOUR;
/** 30 s, 1 min, 2 min ... capped at 2 h: about 17 attempts in 24 h. */
export const webhookBackoffMs = (attempts: number) =>
  Math.min(30_000 * 2 ** (attempts - 1), 2 * HOUR);
/** A claimed row is hidden from other workers this long; longer than any attempt. */
const LEASE_MS = 2 * 60 * 1000;
const RESPONSE_CAP = 4096;
/** Rows per claim, attempted concurrently. */
const BATCH = 50;
/** Delivered and given-up rows stay in the delivery log this long. */
export const DELIVERY_LOG_DAYS = 30;

export type WebhookOutboxOptions = {
  policy: WebhookPolicy;
  sessionSecrets: string[];
  pollMs: number;
  /** One attempt's deadline (connect, send, answer). */
  timeoutMs?: number;
  batch?: number;
  /** How long a claim hides a row from other workers; a killed worker's rows wait this long. */
  leaseMs?: number;
  userAgent?: string;
};

type Attempt = { responseCode: number | null; responseMs: number; error: string | null };
/** One attempt's outcome, as the group commit writes it (jsonb_to_recordset's columns). */
type Result = {
  id: string;
  attempts: number;
  status: (typeof webhookDeliveryStatuses)[number];
  response_code: number | null;
  response_ms: number;
  last_error: string | null;
  last_attempt_at: string;
  /** Until the next attempt, counted on the database's clock as the due check is (0: none). */
  retry_ms: number;
};
type Claimed = {
  id: string;
  body: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secretCipher: string;
  type: string;
};

export class WebhookOutbox {
  private readonly poller: Poller;
  private sweptAt = 0;
  readonly stats = { delivered: 0, failedAttempts: 0 };
  private readonly timeoutMs: number;
  private readonly batch: number;
  private readonly leaseMs: number;
  private readonly results = new GroupCommit<Result>({
    write: (rows) => this.writeResults(rows),
    onError: (err, rows) =>
      this.log.warn({ err, deliveryIds: rows.map((r) => r.id) }, 'webhook results lost'),
  });

  constructor(
    private readonly db: Db,
    private readonly options: WebhookOutboxOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.batch = options.batch ?? BATCH;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.poller = new Poller({
      pollMs: options.pollMs,
      batch: this.batch,
      round: () => this.deliverDue(),
      housekeeping: () => this.sweepIfDue(),
      onError: (err) => this.log.warn({ err }, 'webhook round failed'),
    });
  }

  start() {
    this.poller.start();
  }

  stop() {
    return this.poller.stop();
  }

  /** Ask for a delivery round soon (the test button); a no-op when the worker is not running. */
  kick() {
    this.poller.kick();
  }

  /** One delivery round; returns how many rows it handled. Safe to call concurrently. */
  flush(): Promise<number> {
    return this.poller.flush();
  }

  /** Hourly: unpaid invoices past their due date tell `invoice.overdue` once; old log rows go. */
  private async sweepIfDue() {
    if (Date.now() - this.sweptAt < HOUR) return;
    this.sweptAt = Date.now();
    await this.db
      .transaction((tx) => sweepOverdueInvoices(tx))
      .catch((err: unknown) => this.log.warn({ err }, 'overdue invoice sweep failed'));
    await this.purgeLog().catch((err: unknown) =>
      this.log.warn({ err }, 'webhook delivery log purge failed'),
    );
  }

  /** Deletes finished deliveries older than DELIVERY_LOG_DAYS; returns how many. */
  async purgeLog(): Promise<number> {
    const deleted = await this.db
      .delete(webhookDeliveries)
      .where(
        and(
          ne(webhookDeliveries.status, 'pending'),
          lt(webhookDeliveries.createdAt, sql`now() - make_interval(days => ${DELIVERY_LOG_DAYS})`),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return deleted.length;
  }

  private async deliverDue(): Promise<number> {
    let due: Claimed[];
    try {
      due = await this.claimDue();
    } catch (err) {
      this.log.warn({ err }, 'webhook outbox unavailable');
      return 0;
    }
    await Promise.all(due.map((row) => this.attempt(row)));
    return due.length;
  }

  /**
   * Takes due rows of active endpoints and pushes their next attempt past the lease, in one
   * transaction: a second worker's `skip locked` passes over rows being claimed, and finds
   * them not due once this one commits.
   */
  async claimDue(): Promise<Claimed[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: webhookDeliveries.id,
          body: webhookDeliveries.body,
          attempts: webhookDeliveries.attempts,
          createdAt: webhookDeliveries.createdAt,
          type: webhookDeliveries.type,
          url: webhookEndpoints.url,
          secretCipher: webhookEndpoints.secretCipher,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          and(
            eq(webhookDeliveries.status, 'pending'),
            // The database's clock, as for the lease: a row queued a moment ago is due at once
            // (a JS Date drops the microseconds now() keeps), and servers whose clocks drift
            // agree on what is due and leased.
            lte(webhookDeliveries.nextAttemptAt, sql`now()`),
            // A paused endpoint keeps its queue; the test button's delivery goes regardless.
            sql`(${webhookEndpoints.active} or ${webhookDeliveries.type} = 'webhook.test')`,
          ),
        )
        // No `order by`: every row here is due, and sorting them made the planner read and
        // sort all of them whenever its statistics were older than a burst (10,000 events
        // queued at once: 27 ms a round on PostgreSQL instead of 0.2; PGlite never
        // re-analyses). Without it any plan stops at the batch; rows come in about the
        // order they were queued, and a row passed over now is claimed by a later round.
        .limit(this.batch)
        .for('update', { of: webhookDeliveries, skipLocked: true });
      if (rows.length > 0) {
        await tx
          .update(webhookDeliveries)
          .set({ nextAttemptAt: sql`now() + make_interval(secs => ${this.leaseMs / 1000})` })
          .where(
            inArray(
              webhookDeliveries.id,
              rows.map((r) => r.id),
            ),
          );
      }
      return rows;
    });
  }

  private async attempt(row: Claimed) {
    const result = await this.post(row);
    const attempts = row.attempts + 1;
    const ok = result.error === null;
    const retryMs = webhookBackoffMs(attempts);
    const givenUp = !ok && Date.now() + retryMs > row.createdAt.getTime() + RETRY_WINDOW_MS;
    if (ok) this.stats.delivered++;
    else this.stats.failedAttempts++;
    await this.results.push({
      id: row.id,
      attempts,
      status: ok ? 'delivered' : givenUp ? 'failed' : 'pending',
      response_code: result.responseCode,
      response_ms: result.responseMs,
      last_error: result.error,
      last_attempt_at: new Date().toISOString(),
      retry_ms: ok || givenUp ? 0 : retryMs,
    });
  }

  /** Several attempts' results in one statement (the group commit's write). */
  private async writeResults(rows: Result[]) {
    const v = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, attempts int, status text, response_code int, response_ms int, last_error text, last_attempt_at timestamptz, retry_ms bigint)`;
    await this.db
      .update(webhookDeliveries)
      .set({
        attempts: sql`v.attempts`,
        status: sql`v.status::webhook_delivery_status`,
        responseCode: sql`v.response_code`,
        responseMs: sql`v.response_ms`,
        lastError: sql`v.last_error`,
        lastAttemptAt: sql`v.last_attempt_at`,
        nextAttemptAt: sql`now() + make_interval(secs => v.retry_ms / 1000.0)`,
      })
      .from(v)
      .where(sql`${webhookDeliveries.id} = v.id`);
  }

  /** One signed POST; any 2xx is success, everything else (3xx included) a failed attempt. */
  private async post(row: Claimed): Promise<Attempt> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: URL;
    let secret: string;
    try {
      // Again at every attempt: the name may resolve elsewhere now than when it was saved.
      url = await checkWebhookUrl(row.url, this.options.policy);
      secret = decryptSecret(row.secretCipher, this.options.sessionSecrets);
    } catch (err) {
      return { responseCode: null, responseMs: elapsed(), error: messageOf(err) };
    }
    const signature = signWebhook(secret, row.body, Math.floor(Date.now() / 1000));
    return new Promise<Attempt>((resolve) => {
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        lookup: guardedLookup(this.options.policy) as never,
        timeout: this.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(row.body),
          'user-agent': this.options.userAgent ?? 'MeridianPortal-Webhooks/1',
          'x-signature': signature,
          'x-webhook-event': row.type,
          'x-webhook-delivery': row.id,
        },
      });
      // The whole attempt, not only idle time, has a deadline.
      const deadline = setTimeout(
        () => request.destroy(new Error(`timed out after ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
      const finish = (attempt: Attempt) => {
        clearTimeout(deadline);
        resolve(attempt);
      };
      request.on('timeout', () =>
        request.destroy(new Error(`timed out after ${this.timeoutMs} ms`)),
      );
      request.on('error', (err) =>
        finish({ responseCode: null, responseMs: elapsed(), error: messageOf(err) }),
      );
      request.on('response', (response) => {
        const code = response.statusCode ?? 0;
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Only a little of the answer matters; a receiver streaming more is cut off.
          if (read > RESPONSE_CAP) response.destroy();
        });
        const done = () => {
          const error =
            code >= 200 && code < 300
              ? null
              : code >= 300 && code < 400
                ? `redirect not followed (${code})`
                : `HTTP ${code}`;
          finish({ responseCode: code, responseMs: elapsed(), error });
        };
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      });
      request.end(row.body);
    });
  }
}

const messageOf = (err: unknown) => String(err instanceof Error ? err.message : err).slice(0, 300);
