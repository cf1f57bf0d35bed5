// One app server of the cluster (ADR 077): the app as src/server/server.ts starts it, configured
// by the environment the harness gives it (production mode, PostgreSQL, Redis, a bucket, TLS
// behind nginx), with the outbox intervals shortened so that a test waits seconds, not minutes.
// The mailbox's poll stays production's: the cluster test measures the takeover as it would
// happen. `node app-server.ts SERVER_DIR EXT`: the server's modules are loaded from SERVER_DIR
// (dist/node/server with `.js`, or src/server with `.ts` under tsx: app-process.ts chooses).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as AppModule from '../../app.ts';
import type * as ConfigModule from '../../config.ts';
import type * as ClientModule from '../../db/client.ts';
import type * as LifecycleModule from '../../lifecycle.ts';

const [serverDir = '', ext = ''] = process.argv.slice(2);
const load = <T>(name: string) =>
  import(pathToFileURL(path.join(serverDir, `${name}${ext}`)).href) as Promise<T>;
const [{ buildApp }, { loadConfig }, { openDatabase }, { installGracefulShutdown }] =
  await Promise.all([
    load<typeof AppModule>('app'),
    load<typeof ConfigModule>('config'),
    load<typeof ClientModule>('db/client'),
    load<typeof LifecycleModule>('lifecycle'),
  ]);

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
