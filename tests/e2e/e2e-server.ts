// One e2e server: the real built app on a fresh seeded PGlite database, sending mail to a real
// SMTP sink whose messages land as JSON files, with the harness's session door beside it.
// tests/e2e/serve.ts starts the one every spec uses; serve-stripe.ts a second one with online
// payment on (ADR 067), so the shared one keeps the Pay buttons the other specs expect.
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedDemoData } from '../../src/server/seed/demo.ts';
import { installGracefulShutdown } from '../../src/server/lifecycle.ts';
import { startSmtpSink } from '../../src/server/test/smtp-sink.ts';
import { startSessionDoor } from './session-door.ts';

export async function startE2eServer(opts: {
  ports: { app: number; smtp: number; sessions: number };
  baseUrl: string;
  /** Its own data; mail goes to `mailDir`, which several servers may share. */
  dataDir: string;
  mailDir: string;
  config?: Partial<Config>;
  /** Closed with the app (a stand-in started beside it). */
  closeWith?: () => Promise<void>;
}) {
  await fs.rm(opts.dataDir, { recursive: true, force: true });
  await fs.mkdir(opts.dataDir, { recursive: true });
  const smtp = await startSmtpSink({ port: opts.ports.smtp, dir: opts.mailDir });
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      PORT: String(opts.ports.app),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      APP_URL: opts.baseUrl,
      SMTP_URL: smtp.url,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    }),
    // Browser tests sign in many times from one address; limits stay on, just wider.
    rateLimitScale: 50,
    mailPollMs: 200,
    // The webhook test's receiver listens on 127.0.0.1 in the test process.
    webhooksAllowPrivate: true,
    webhookPollMs: 200,
    ...opts.config,
  };
  const database = await openDatabase(config);
  await database.migrate();
  await seedDemoData(database.db, { dataDir: config.dataDir });
  const app = await buildApp(config, { database, closeDatabase: true });
  const sessionDoor = await startSessionDoor(app, database.db, config, opts.ports.sessions);
  app.addHook('onClose', () => smtp.close());
  app.addHook('onClose', () => sessionDoor.close());
  if (opts.closeWith) app.addHook('onClose', opts.closeWith);
  installGracefulShutdown(app);
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `e2e server on ${config.appUrl}, SMTP sink on ${smtp.url}, mail in ${path.relative(process.cwd(), opts.mailDir)}`,
  );
  return app;
}
