// The webhooks part of `npm run bench` (issue 21): 10,000 domain events (`invoice.created` of
// one company with one member) recorded as the app records them (each fanned out to 3 active
// endpoints and one notification mail in its write's transaction), then delivered by outbox
// workers in app-server processes of their own (bench/outbox-worker.ts) to 3 real local HTTP
// receivers and a real SMTP server (bench/smtp-counter.ts, which keeps what a relay keeps:
// recipients and Message-ID). A third of the way through, one worker process is killed with
// SIGKILL and a new one started; timed until every delivery and mail has arrived, then
// counted at the receivers by delivery id and Message-ID: lost, and sent more than once.
// PostgreSQL: two workers share the tables, one is killed, a replacement joins. PGlite: its
// data directory belongs to one process, so the only worker is killed and restarted.
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import {
  customerUsers,
  customers,
  mailOutbox,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/server/db/schema.ts';
import { startSmtpCounter } from './smtp-counter.ts';
import { recordEvent } from '../src/server/services/domain-events.ts';
import { encryptSecret } from '../src/server/services/secret-box.ts';
import { verifyWebhookSignature } from '../src/server/services/webhook-signature.ts';
import { startReceiver, type Received } from '../src/server/test/webhook-receiver.ts';
import { startChild, type Child } from './processes.ts';

/** BENCH_WEBHOOK_EVENTS: fewer, to prove the kill case quickly on a busy machine. */
export const WEBHOOK_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const ENDPOINTS = 3;
const SECRET = 'whsec_bench';
/** The share of deliveries and mails received when a worker is killed, or KILL_BY_S, first. */
const KILL_AT = 1 / 3;
const KILL_BY_S = 60;
/**
 * The outboxes' lease in the bench (production: 2 minutes): a killed worker's claimed rows are
 * taken by another this long after their claim. Longer than any round here takes.
 */
const LEASE_MS = 30_000;
const DEADLINE_MS = 300_000;

export type WebhookBench = {
  database: string;
  workers: string;
  events: number;
  deliveries: number;
  seconds: number;
  killedAtSeconds: number | null;
  perSecond: number;
  received: number;
  duplicates: number;
  /** Repeats whose body differs from the first receipt (0: a receiver deduping on the id loses nothing). */
  duplicatesDiffering: number;
  lost: number;
  badSignatures: number;
  mails: number;
  mailsReceived: number;
  mailDuplicates: number;
  mailsLost: number;
  loadAverage: number[];
};

export async function benchWebhooks(
  label: string,
  opts: { dataDir: string; databaseUrl?: string },
): Promise<WebhookBench> {
  await fs.rm(opts.dataDir, { recursive: true, force: true });
  await fs.mkdir(opts.dataDir, { recursive: true });
  const smtp = await startSmtpCounter();
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-only-secret-bench-only-secret-0123',
    DATA_DIR: opts.dataDir,
    APP_URL: 'http://127.0.0.1',
    SMTP_URL: smtp.url,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
  });
  const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, () => startReceiver()));
  await seed(config, receivers);

  // Several processes share PostgreSQL; PGlite's directory is opened by one at a time.
  const shared = Boolean(opts.databaseUrl);
  const env = {
    // As a production server runs: React's development build renders mail twice as slowly.
    NODE_ENV: 'production',
    BENCH_DATA_DIR: opts.dataDir,
    BENCH_SMTP_URL: smtp.url,
    BENCH_LEASE_MS: String(LEASE_MS),
    ...(opts.databaseUrl ? { BENCH_DATABASE_URL: opts.databaseUrl } : {}),
  };
  const startWorker = () => startChild<string>('outbox-worker.ts', env);
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const workers: Child<string>[] = [];
  for (let i = 0; i < (shared ? 2 : 1); i++) workers.push(await startWorker());

  const total = WEBHOOK_EVENTS * ENDPOINTS;
  const hooks = () => receivers.flatMap((r) => r.received);
  // Counted as they arrive (every 100 ms): recounting 30,000 receipts each time took a
  // share of the cores the workers need.
  const deliveryIds = new Set<string>();
  const arrivedMails = new Set<string>();
  const counted = receivers.map(() => 0);
  let mailsCounted = 0;
  const arrived = () => {
    receivers.forEach((r, i) => {
      for (; counted[i]! < r.received.length; counted[i]!++) {
        deliveryIds.add(deliveryId(r.received[counted[i]!]!));
      }
    });
    for (; mailsCounted < smtp.received.length; mailsCounted++) {
      arrivedMails.add(smtp.received[mailsCounted]!.messageId);
    }
    return { deliveries: deliveryIds.size, mails: arrivedMails.size };
  };
  let killedAtSeconds: number | null = null;
  let reportedAt = 0;
  for (;;) {
    const now = arrived();
    if (elapsed() - reportedAt >= 15) {
      reportedAt = elapsed();
      console.error(
        `webhooks bench, ${label}: ${Math.round(reportedAt)} s, ${now.deliveries} of ${total} deliveries, ${now.mails} of ${WEBHOOK_EVENTS} mails`,
      );
    }
    if (now.deliveries >= total && now.mails >= WEBHOOK_EVENTS) break;
    if (elapsed() * 1000 > DEADLINE_MS) break;
    if (
      killedAtSeconds === null &&
      now.deliveries + now.mails >= (total + WEBHOOK_EVENTS) * KILL_AT
    ) {
      // An app server dies without warning: no stop, no transaction finished.
      const victim = workers.shift()!;
      victim.process.kill('SIGKILL');
      await new Promise((resolve) => victim.process.once('exit', resolve));
      killedAtSeconds = Math.round(elapsed() * 10) / 10;
      workers.push(await startWorker());
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = elapsed();
  const loadAverage = (await import('node:os')).loadavg().map((l) => Math.round(l * 10) / 10);
  // A little longer for repeats still on their way, then the survivors stop cleanly.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await Promise.all(workers.map((w) => w.stop()));

  const database = await openDatabase(config);
  const rows = await database.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries);
  const mailRows = await database.db
    .select({ id: mailOutbox.id, messageId: mailOutbox.messageId })
    .from(mailOutbox);
  await database.close();
  await smtp.close();
  await Promise.all(receivers.map((r) => r.close()));

  const all = hooks();
  const firstBody = new Map<string, string>();
  let duplicatesDiffering = 0;
  for (const g of all) {
    const id = deliveryId(g);
    const first = firstBody.get(id);
    if (first === undefined) firstBody.set(id, g.body);
    else if (first !== g.body) duplicatesDiffering++;
  }
  const host = new URL(config.appUrl).hostname;
  // One member: Message-ID per recipient is Message-ID.
  const mailIds = smtp.received.map((m) => `${m.to.join(',')} ${m.messageId}`);
  const uniqueMailIds = new Set(smtp.received.map((m) => m.messageId));
  return {
    database: label,
    workers: shared ? '2 processes, 1 killed, 1 started' : '1 process, killed and restarted',
    events: WEBHOOK_EVENTS,
    deliveries: rows.length,
    seconds: Math.round(seconds * 10) / 10,
    killedAtSeconds,
    perSecond: Math.round(rows.length / seconds),
    received: all.length,
    duplicates: all.length - firstBody.size,
    duplicatesDiffering,
    lost: rows.filter((r) => !firstBody.has(r.id)).length,
    badSignatures: all.filter(
      (g) =>
        !verifyWebhookSignature(SECRET, g.body, String(g.headers['x-signature']), { now: g.at }),
    ).length,
    mails: mailRows.length,
    mailsReceived: mailIds.length,
    mailDuplicates: mailIds.length - new Set(mailIds).size,
    mailsLost: mailRows.filter((r) => !uniqueMailIds.has(r.messageId ?? `<${r.id}@${host}>`))
      .length,
    loadAverage,
  };
}

const deliveryId = (g: Received) => String(g.headers['x-webhook-delivery']);

/** The endpoints, the company and its member, and the events with their outbox rows. */
async function seed(config: ReturnType<typeof loadConfig>, receivers: Array<{ url: string }>) {
  const database = await openDatabase(config);
  await database.migrate();
  const { db } = database;
  for (const r of receivers) {
    await db.insert(webhookEndpoints).values({
      url: r.url,
      events: ['invoice.created'],
      secretCipher: encryptSecret(SECRET, config.sessionSecrets),
    });
  }
  const [company] = await db.insert(customers).values({ name: 'Bench Company' }).returning();
  const [member] = await db
    .insert(users)
    .values({
      email: 'billing@bench.example',
      firstName: 'Bench',
      lastName: 'Member',
      role: 'customer',
    })
    .returning();
  await db
    .insert(customerUsers)
    .values({ userId: member!.id, customerId: company!.id, role: 'billing' });
  for (let done = 0; done < WEBHOOK_EVENTS; done += 100) {
    await db.transaction(async (tx) => {
      for (let i = done; i < Math.min(done + 100, WEBHOOK_EVENTS); i++) {
        await recordEvent(tx, {
          type: 'invoice.created',
          customerId: company!.id,
          entityId: `bench-${i}`,
          data: { invoiceId: `bench-${i}`, number: `B-${i}`, amount: 100, dueDate: '2027-01-31' },
        });
      }
    });
  }
  await database.close();
}

export function printWebhooks(rows: WebhookBench[]) {
  console.log(
    `\n## Webhooks and notification mails (${WEBHOOK_EVENTS.toLocaleString('en-US')} events fanned out to ${ENDPOINTS} endpoints and one member's mail; a worker process SIGKILLed at ${Math.round(KILL_AT * 100)}% received or ${KILL_BY_S} s, lease ${LEASE_MS / 1000} s; target under 60 s, none lost or sent twice)\n`,
  );
  console.log(
    '| Database | Workers | Deliveries | Mails | Killed at | Seconds (all arrived) | Deliveries/s | Received | Sent twice (same body) | Lost | Bad signatures | Mails received | Mails sent twice | Mails lost | Load average |',
  );
  console.log(
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${r.workers} | ${r.deliveries} | ${r.mails} | ${r.killedAtSeconds ?? 'not reached'} s | ${r.seconds} | ${r.perSecond} | ${r.received} | ${r.duplicates} (${r.duplicates - r.duplicatesDiffering}) | ${r.lost} | ${r.badSignatures} | ${r.mailsReceived} | ${r.mailDuplicates} | ${r.mailsLost} | ${r.loadAverage.join(' / ')} |`,
    );
  }
}

export const webhooksDataDir = (name: string) => path.resolve('.tmp/bench', name);
