// The webhooks part of `npm run bench` (issue 21): 10,000 domain events (`invoice.created` of
// one company with one member) recorded as the app records them (each fanned out to 3 active
// endpoints and one notification mail in its write's transaction), then delivered by two of
// each worker sharing the tables (two app servers) to 3 real local HTTP receivers and a real
// SMTP server; timed until the last of the 30,000 deliveries and 10,000 mails has arrived,
// then checked: each received once, none lost, none sent twice.
import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { count, eq } from 'drizzle-orm';
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
import { MailOutbox } from '../src/server/services/mail-outbox.ts';
import { NotificationOutbox } from '../src/server/services/notification-outbox.ts';
import { startSmtpSink } from '../src/server/test/smtp-sink.ts';
import { recordEvent } from '../src/server/services/domain-events.ts';
import { WebhookOutbox } from '../src/server/services/webhook-outbox.ts';
import { encryptSecret } from '../src/server/services/secret-box.ts';
import { verifyWebhookSignature } from '../src/server/services/webhook-signature.ts';
import { startReceiver } from '../src/server/test/webhook-receiver.ts';

export const WEBHOOK_EVENTS = 10_000;
const ENDPOINTS = 3;
const WORKERS = 2;
const SECRET = 'whsec_bench';

export type WebhookBench = {
  database: string;
  events: number;
  deliveries: number;
  seconds: number;
  perSecond: number;
  received: number;
  duplicates: number;
  lost: number;
  badSignatures: number;
  mails: number;
  mailsReceived: number;
  mailDuplicates: number;
  mailsLost: number;
};

export async function benchWebhooks(
  label: string,
  opts: { dataDir: string; databaseUrl?: string },
): Promise<WebhookBench> {
  await fs.rm(opts.dataDir, { recursive: true, force: true });
  await fs.mkdir(opts.dataDir, { recursive: true });
  const smtp = await startSmtpSink();
  const loaded = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-only-secret-bench-only-secret-0123',
    DATA_DIR: opts.dataDir,
    APP_URL: 'http://127.0.0.1',
    SMTP_URL: smtp.url,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
  });
  // An operator with this much mail polls the outbox more often than the 5 s default.
  const config = { ...loaded, mailPollMs: 20 };
  const database = await openDatabase(config);
  await database.migrate();
  const { db } = database;
  const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, () => startReceiver()));
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
  // Fastify's own logger (the app's): only warnings, as in the intake bench.
  const log = Fastify({ logger: { level: 'warn' } }).log;
  const workers = Array.from(
    { length: WORKERS },
    () =>
      new WebhookOutbox(
        db,
        // The receivers listen on 127.0.0.1, as an operator's own network would with the switch.
        {
          policy: { allowPrivate: true, httpsOnly: false },
          sessionSecrets: config.sessionSecrets,
          pollMs: 200,
        },
        log,
      ),
  );
  const mailers = Array.from({ length: WORKERS }, () => new MailOutbox(db, config, log));
  const notifiers = mailers.map(
    (m) =>
      new NotificationOutbox(
        db,
        {
          appUrl: config.appUrl,
          sessionSecrets: config.sessionSecrets,
          pollMs: 200,
          wakeMail: () => m.kick(),
        },
        log,
      ),
  );
  const started = performance.now();
  for (const w of [...workers, ...mailers, ...notifiers]) w.start();
  const total = WEBHOOK_EVENTS * ENDPOINTS;
  const deadline = Date.now() + 300_000;
  for (;;) {
    const [row] = await db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'delivered'));
    const done = (row?.n ?? 0) >= total && smtp.received.length >= WEBHOOK_EVENTS;
    if (done || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([...workers, ...mailers, ...notifiers].map((w) => w.stop()));
  const mailRows = await db
    .select({ id: mailOutbox.id, messageId: mailOutbox.messageId })
    .from(mailOutbox);
  const mailIds = smtp.received.map((m) => m.messageId);
  const uniqueMails = new Set(mailIds);
  const host = new URL(config.appUrl).hostname;
  const mailsLost = mailRows.filter(
    (r) => !uniqueMails.has(r.messageId ?? `<${r.id}@${host}>`),
  ).length;
  await smtp.close();
  const all = receivers.flatMap((r) => r.received);
  const ids = all.map((g) => String(g.headers['x-webhook-delivery']));
  const unique = new Set(ids);
  const rows = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries);
  const lost = rows.filter((r) => !unique.has(r.id)).length;
  const badSignatures = all.filter(
    (g) => !verifyWebhookSignature(SECRET, g.body, String(g.headers['x-signature'])),
  ).length;
  await Promise.all(receivers.map((r) => r.close()));
  await database.close();
  return {
    database: label,
    events: WEBHOOK_EVENTS,
    deliveries: rows.length,
    seconds: Math.round(seconds * 10) / 10,
    perSecond: Math.round(rows.length / seconds),
    received: all.length,
    duplicates: ids.length - unique.size,
    lost,
    badSignatures,
    mails: mailRows.length,
    mailsReceived: mailIds.length,
    mailDuplicates: mailIds.length - uniqueMails.size,
    mailsLost,
  };
}

export function printWebhooks(rows: WebhookBench[]) {
  console.log(
    `\n## Webhooks and notification mails (${WEBHOOK_EVENTS.toLocaleString('en-US')} events fanned out to ${ENDPOINTS} endpoints and one member's mail, ${WORKERS} workers of each kind sharing the tables; target under 60 s, none lost or sent twice)\n`,
  );
  console.log(
    '| Database | Deliveries | Mails | Seconds (all arrived) | Deliveries/s | Received | Sent twice | Lost | Bad signatures | Mails received | Mails sent twice | Mails lost |',
  );
  console.log(
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${r.deliveries} | ${r.mails} | ${r.seconds} | ${r.perSecond} | ${r.received} | ${r.duplicates} | ${r.lost} | ${r.badSignatures} | ${r.mailsReceived} | ${r.mailDuplicates} | ${r.mailsLost} |`,
    );
  }
}

export const webhooksDataDir = (name: string) => path.resolve('.tmp/bench', name);
