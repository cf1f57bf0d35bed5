import { runCommand } from './cli.ts';
import { restoreBackup } from './restore.ts';

/** `npm run db:restore -- FILE [--force]`: fills an empty DATA_DIR or database from a backup. */
await runCommand(async (config) => {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const [file, ...rest] = args.filter((a) => a !== '--force');
  if (!file || rest.length > 0) {
    console.error('Usage: npm run db:restore -- FILE [--force]');
    process.exitCode = 2;
    return;
  }
  const { manifest, into, files } = await restoreBackup(config, file, { force });
  console.log(`Restored ${file} into ${into}`);
  console.log(
    `  made ${manifest.createdAt} by version ${manifest.app.version} (${manifest.database.engine})`,
  );
  console.log(
    `  database at migration ${manifest.database.migrations.latest ?? 'none'}; ${manifest.bucket ? `stored files in ${manifest.bucket}` : `${files} stored files`}`,
  );
  console.log('  Start the server: it applies any newer migrations of this version.');
});
