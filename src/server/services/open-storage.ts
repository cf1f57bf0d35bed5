import path from 'node:path';
import type { Config } from '../config.ts';
import { S3Storage } from './s3-storage.ts';
import { FsStorage, type FileStorage } from './storage.ts';
import { ThumbnailCache } from './thumbnail-cache.ts';

/**
 * The file store the configuration names: a bucket (STORAGE_URL, with thumbnails kept in
 * memory for when it cannot be reached) or `DATA_DIR/files`. Not checked yet: see `check()`.
 */
export function openStorage(config: Pick<Config, 'dataDir' | 'storage'>): FileStorage {
  if (config.storage.kind === 's3') return new ThumbnailCache(new S3Storage(config.storage));
  return new FsStorage(path.join(config.dataDir, 'files'));
}
