import { createBackup } from './backup.ts';
import { runCommand } from './cli.ts';
import { formatBytes } from './manifest.ts';

/** `npm run db:backup [-- FOLDER_OR_FILE.tar]`: the database and the stored files in one file. */
await runCommand(async (config) => {
  const [out] = process.argv.slice(2);
  const { file, bytes, manifest } = await createBackup(config, out);
  const { database } = manifest;
  console.log(`Backup written: ${file} (${formatBytes(bytes)})`);
  console.log(
    `  database: ${database.engine}, ${database.migrations.applied} migrations applied (latest ${database.migrations.latest ?? 'none'})`,
  );
  console.log(
    manifest.bucket
      ? `  stored files: in the bucket ${manifest.bucket}, kept by its versioning (README, Backups)`
      : `  stored files: ${manifest.parts.length - 1}`,
  );
  console.log('  Copy it off this machine; it holds every customer record and document.');
});
