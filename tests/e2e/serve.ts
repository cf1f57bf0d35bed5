// The server the browser tests drive: the real built app on a fresh seeded PGlite
// database, sending mail to a real SMTP sink whose messages land as JSON files.
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedDemoData } from '../../src/server/seed/demo.ts';
import { installGracefulShutdown } from '../../src/server/lifecycle.ts';
import { startSmtpSink } from '../../src/server/test/smtp-sink.ts';
import { e2eBaseUrl, e2eDirs, e2ePorts } from './ports.ts';
import { startSessionDoor } from './session-door.ts';

await fs.rm(e2eDirs.root, { recursive: true, force: true });
await fs.mkdir(e2eDirs.data, { recursive: true });
const smtp = await startSmtpSink({ port: e2ePorts.smtp, dir: e2eDirs.mail });

const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    PORT: String(e2ePorts.app),
    HOST: '127.0.0.1',
    DATA_DIR: e2eDirs.data,
    APP_URL: e2eBaseUrl,
    SMTP_URL: smtp.url,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  }),
  // Browser tests sign in many times from one address; limits stay on, just wider.
  rateLimitScale: 50,
  mailPollMs: 200,
  // The webhook test's receiver listens on 127.0.0.1 in the test process.
  webhooksAllowPrivate: true,
  webhookPollMs: 200,
};
const database = await openDatabase(config);
await database.migrate();
await seedDemoData(database.db, { dataDir: config.dataDir });
const app = await buildApp(config, { database, closeDatabase: true });
const sessionDoor = await startSessionDoor(app, database.db, config, e2ePorts.sessions);
app.addHook('onClose', () => smtp.close());
app.addHook('onClose', () => sessionDoor.close());
installGracefulShutdown(app);
await app.listen({ port: config.port, host: config.host });
console.log(
  `e2e server on ${config.appUrl}, SMTP sink on ${smtp.url}, mail in ${path.relative(process.cwd(), e2eDirs.mail)}`,
);
