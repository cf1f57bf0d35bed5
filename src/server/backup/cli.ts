import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DatabaseInUseError } from '../db/pglite-lock.ts';
import { BackupError } from './manifest.ts';

/** Runs a backup command: refusals print their message alone and exit 1, anything else its stack. */
export async function runCommand(command: (config: Config) => Promise<void>): Promise<void> {
  try {
    await command(loadConfig());
  } catch (err) {
    const expected =
      err instanceof BackupError || err instanceof DatabaseInUseError || err instanceof ConfigError;
    console.error(expected ? err.message : err);
    process.exitCode = 1;
  }
}
