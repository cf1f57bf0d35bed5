// `npm run storage:copy -- --to s3://bucket/prefix`: moves an install's files from disk to a
// bucket without downtime (ADR 076): run it while the servers still use the disk, switch them
// to STORAGE_URL, run it again for the files that arrived meanwhile. Each file is read back
// and compared by size and sha256; a file already there with both equal is skipped, so an
// interrupted copy goes on where it stopped.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { S3Storage } from '../services/s3-storage.ts';
import { FsStorage, isPartialWrite } from '../services/storage.ts';
import { digestFile, digestStream } from './archive.ts';
import { BackupError } from './manifest.ts';

export type CopyResult = { copied: number; skipped: number; bytes: number };

/** Copies every stored file under `root` (DATA_DIR/files) into the bucket, each verified. */
export async function copyToBucket(root: string, bucket: S3Storage): Promise<CopyResult> {
  const result: CopyResult = { copied: 0, skipped: 0, bytes: 0 };
  for await (const { key } of new FsStorage(root).list()) {
    // An upload still being written on disk is not a file yet.
    if (isPartialWrite(key)) continue;
    const file = path.join(root, key);
    const local = await digestFile(file);
    const there = await bucket.digestOf(key);
    if (there?.size === local.bytes && there.sha256 === local.sha256) {
      result.skipped++;
      continue;
    }
    await bucket.put(key, createReadStream(file), local.sha256);
    const stored = await digestStream(await bucket.get(key));
    if (stored.bytes !== local.bytes || stored.sha256 !== local.sha256) {
      throw new BackupError(
        `${key}: the bucket holds ${stored.bytes} bytes (sha256 ${stored.sha256}) after the copy, the file ${local.bytes} (sha256 ${local.sha256}); run the copy again.`,
      );
    }
    result.copied++;
    result.bytes += local.bytes;
  }
  return result;
}
