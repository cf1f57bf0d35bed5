// The webhooks part of `npm run bench` (issue 21): 10,000 domain events recorded as the app
// records them (each fanned out to 3 active endpoints in its write's transaction), then
// delivered by two webhook workers sharing the table (two app servers) to 3 real local HTTP
// receivers; timed until the last of the 30,000 deliveries is acknowledged, then checked:
// every delivery received once, none lost, none sent twice.
import fs from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../src/server/db/schema.ts';
import { recordEvent } from '../src/server/services/domain-events.ts';
import { WebhookOutbox } from '../src/server/services/webhook-outbox.ts';
import { encryptSecret } from '../src/server/services/webhook-secrets.ts';
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
};

export async function benchWebhooks(
  label: string,
  opts: { dataDir: string; databaseUrl?: string },
): Promise<WebhookBench> {
  await fs.rm(opts.dataDir, { recursive: true, force: true });
  await fs.mkdir(opts.dataDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-only-secret-bench-only-secret-0123',
    DATA_DIR: opts.dataDir,
    APP_URL: 'http://127.0.0.1',
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
  });
  const database = await openDatabase(config);
  await database.migrate();
  const { db } = database;
  const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, () => startReceiver()));
  for (const r of receivers) {
    await db.insert(webhookEndpoints).values({
      url: r.url,
      events: ['ticket.created'],
      secretCipher: encryptSecret(SECRET, config.sessionSecrets),
    });
  }
  for (let done = 0; done < WEBHOOK_EVENTS; done += 100) {
    await db.transaction(async (tx) => {
      for (let i = done; i < Math.min(done + 100, WEBHOOK_EVENTS); i++) {
        await recordEvent(tx, {
          type: 'ticket.created',
          customerId: null,
          entityId: `bench-${i}`,
          data: { ticketId: `bench-${i}`, subject: `Bench ticket ${i}` },
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
  const started = performance.now();
  for (const w of workers) w.start();
  const total = WEBHOOK_EVENTS * ENDPOINTS;
  const deadline = Date.now() + 180_000;
  for (;;) {
    const [row] = await db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, 'delivered'));
    if ((row?.n ?? 0) >= total || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(workers.map((w) => w.stop()));
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
  };
}

export function printWebhooks(rows: WebhookBench[]) {
  console.log(
    `\n## Webhooks (${WEBHOOK_EVENTS.toLocaleString('en-US')} events fanned out to ${ENDPOINTS} endpoints, ${WORKERS} workers sharing the outbox; target under 60 s, none lost or sent twice)\n`,
  );
  console.log(
    '| Database | Deliveries | Seconds | Deliveries/s | Received | Sent twice | Lost | Bad signatures |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${r.deliveries} | ${r.seconds} | ${r.perSecond} | ${r.received} | ${r.duplicates} | ${r.lost} | ${r.badSignatures} |`,
    );
  }
}

export const webhooksDataDir = (name: string) => path.resolve('.tmp/bench', name);
