import path from 'node:path';
import { loadConfig } from '../config.ts';
import { S3Storage } from '../services/s3-storage.ts';
import { runCommand } from './cli.ts';
import { formatBytes } from './manifest.ts';
import { copyToBucket } from './storage-copy.ts';

const USAGE = 'Usage: npm run storage:copy -- --to s3://bucket[/prefix]';

/**
 * `npm run storage:copy -- --to s3://bucket/prefix`: every file under DATA_DIR/files into the
 * bucket (S3_ENDPOINT, AWS_REGION, S3_FORCE_PATH_STYLE and the AWS_* keys as for the server).
 */
await runCommand(async (config) => {
  const [flag, to, ...rest] = process.argv.slice(2);
  if (flag !== '--to' || !to || rest.length > 0) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  // Read as the server reads STORAGE_URL: the same checks, the same messages.
  const { storage } = loadConfig({ ...process.env, STORAGE_URL: to });
  if (storage.kind !== 's3') {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const bucket = new S3Storage(storage);
  try {
    await bucket.check();
    const { copied, skipped, bytes } = await copyToBucket(
      path.join(config.dataDir, 'files'),
      bucket,
    );
    const files = `${copied} file${copied === 1 ? '' : 's'}`;
    console.log(
      `Copied ${files} (${formatBytes(bytes)}) to ${to}, each read back and verified by size and sha256.`,
    );
    console.log(`  ${skipped} already there with the same size and sha256: skipped.`);
  } finally {
    bucket.close();
  }
});
