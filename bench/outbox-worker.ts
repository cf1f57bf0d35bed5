// One app server's outbox workers for the webhooks bench (issue 21): the webhook, notification
// and mail outboxes as the app's plugins run them, in a process of their own so the bench can
// SIGKILL it mid-way. Says "ready" over IPC; SIGTERM stops the workers cleanly.
import './exit-with-parent.ts';
import Fastify from 'fastify';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { MailOutbox } from '../src/server/services/mail-outbox.ts';
import { NotificationOutbox } from '../src/server/services/notification-outbox.ts';
import { WebhookOutbox } from '../src/server/services/webhook-outbox.ts';

const POLL_MS = 200;

const env = process.env;
/** The bench's lease (BENCH_LEASE_MS), shorter than the 2-minute default: see bench/webhooks.ts. */
const leaseMs = Number(env.BENCH_LEASE_MS ?? 120_000);
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-only-secret-bench-only-secret-0123',
    DATA_DIR: env.BENCH_DATA_DIR ?? '',
    APP_URL: 'http://127.0.0.1',
    SMTP_URL: env.BENCH_SMTP_URL ?? '',
    ...(env.BENCH_DATABASE_URL ? { DATABASE_URL: env.BENCH_DATABASE_URL } : {}),
  }),
  mailPollMs: POLL_MS,
};
const database = await openDatabase(config);
const { db } = database;
const log = Fastify({ logger: { level: 'warn' } }).log;
const mail = new MailOutbox(db, config, log, { leaseMs });
const notifications = new NotificationOutbox(
  db,
  {
    appUrl: config.appUrl,
    sessionSecrets: config.sessionSecrets,
    pollMs: POLL_MS,
    wakeMail: () => mail.kick(),
  },
  log,
);
// The receivers listen on 127.0.0.1, as an operator's own network would with the switch.
const webhooks = new WebhookOutbox(
  db,
  {
    policy: { allowPrivate: true, httpsOnly: false },
    sessionSecrets: config.sessionSecrets,
    pollMs: POLL_MS,
    leaseMs,
  },
  log,
);
const workers = [webhooks, notifications, mail];
for (const w of workers) w.start();
process.send?.('ready');
process.on('SIGTERM', () => {
  void Promise.all(workers.map((w) => w.stop()))
    .then(() => database.close())
    .then(() => process.exit(0));
});
