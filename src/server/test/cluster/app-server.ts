// One app server of the cluster (ADR 077): the app as src/server/server.ts starts it, configured
// by the environment the harness gives it (production mode, PostgreSQL, Redis, TLS behind nginx),
// with the outbox intervals shortened so that a test waits seconds, not minutes. The mailbox's
// poll stays production's: the cluster test measures the intake takeover as it would happen.
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { installGracefulShutdown } from '../../lifecycle.ts';

const config = {
  ...loadConfig(),
  // Every sign-in, ticket and upload of a test comes from one address: limits stay on, wider.
  rateLimitScale: 50,
  mailPollMs: 200,
  webhookPollMs: 200,
  // A killed server's claimed deliveries are due again after this, not two minutes.
  webhookLeaseMs: 8000,
};
const database = await openDatabase(config);
const app = await buildApp(config, { database, closeDatabase: true });
installGracefulShutdown(app, { drainMs: config.shutdownDrainMs });
await app.listen({ port: config.port, host: config.host });
console.log(`READY ${config.port}`);
