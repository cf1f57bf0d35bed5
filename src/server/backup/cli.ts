import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DatabaseInUseError } from '../db/pglite-lock.ts';
import { StorageUnavailableError } from '../lib/errors.ts';
import { BackupError } from './manifest.ts';

/** Runs a backup or storage command: refusals print their message alone and exit 1, anything else its stack. */
export async function runCommand(command: (config: Config) => Promise<void>): Promise<void> {
  try {
    await command(loadConfig());
  } catch (err) {
    const expected =
      err instanceof BackupError || err instanceof DatabaseInUseError || err instanceof ConfigError;
    if (err instanceof StorageUnavailableError) console.error(`File storage: ${err.reason}`);
    else console.error(expected ? err.message : err);
    process.exitCode = 1;
  }
}
