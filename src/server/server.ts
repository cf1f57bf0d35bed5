import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { isNewPgliteDir, openDatabase } from './db/client.ts';
import { seedDemoData } from './seed/demo.ts';
import { installGracefulShutdown } from './lifecycle.ts';
import { StorageUnavailableError } from './lib/errors.ts';
import { openStorage } from './services/open-storage.ts';
import type { FileStorage } from './services/storage.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * The file store, checked before anything else: a missing bucket or refused credentials stop
 * the start with one line naming the setting, not a stack trace (issue 41).
 */
async function storageOrExit(config: Config): Promise<FileStorage> {
  const storage = openStorage(config);
  try {
    await storage.check();
    return storage;
  } catch (err) {
    if (err instanceof StorageUnavailableError) {
      console.error(`File storage: ${err.reason}`);
      process.exit(1);
    }
    throw err;
  }
}

/** Starts the server: validated config, migrations, demo data on a new embedded database, listen. */
async function main() {
  const config = configOrExit();
  const storage = await storageOrExit(config);
  const firstRun = !config.databaseUrl && (await isNewPgliteDir(config.dataDir));
  const database = await openDatabase(config);
  await database.migrate();
  if (firstRun && (await seedDemoData(database.db, { dataDir: config.dataDir, storage }))) {
    console.log('New embedded database: demo data added (see README for the sign-in addresses).');
  }

  const app = await buildApp(config, { database, closeDatabase: true, storage });
  installGracefulShutdown(app, { drainMs: config.shutdownDrainMs });
  await app.listen({ port: config.port, host: config.host });
  console.log(`\n  Site running at ${config.appUrl}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
