import { constants, createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageUnavailableError } from '../lib/errors.ts';

/** One stored object as a listing sees it: for the orphan sweep and `storage:copy`. */
export type StoredObject = { key: string; size: number; modifiedAt: Date };

/**
 * Where document files live: `DATA_DIR/files` (FsStorage) or a bucket (S3Storage, ADR 076).
 * Routes know only this interface. `get` of a key that is not there rejects with
 * StoredFileMissing; a store that cannot be reached rejects with StorageUnavailableError (503).
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under `key` all at once or not at all; resolves to their count. */
  put(key: string, data: Buffer | Readable): Promise<number>;
  get(key: string): Promise<Readable>;
  size(key: string): Promise<number>;
  /** Removes the key; a key that is not there is no error. */
  delete(key: string): Promise<void>;
  /** Every stored key, in no particular order (partial writes of a crashed upload included). */
  list(): AsyncIterable<StoredObject>;
  /** Resolves when the store can be used now; rejects with StorageUnavailableError otherwise. */
  check(): Promise<void>;
  /** Lets go of what the store holds open (the S3 client's sockets) when the app closes. */
  close(): void;
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._/-]*$/;

/** The keys the store accepts: relative paths that stay inside its folder. */
export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

/** Where `put` writes before renaming: never a stored file. */
export const isPartialWrite = (name: string) => name.endsWith('.part');

/** A key asked for that the store does not hold: the caller answers 404. */
export class StoredFileMissing extends Error {
  constructor(readonly key: string) {
    super(`no stored file under ${key}`);
    this.name = 'StoredFileMissing';
  }
}

export class FsStorage implements FileStorage {
  readonly kind = 'disk';

  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  /** Writes to a temporary file first so a half-written upload never appears under its key. */
  async put(key: string, data: Buffer | Readable): Promise<number> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Date.now()}.part`;
    try {
      if (Buffer.isBuffer(data)) await fs.writeFile(tmp, data);
      else await pipeline(data, createWriteStream(tmp));
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    return (await fs.stat(file)).size;
  }

  async get(key: string): Promise<Readable> {
    const file = this.resolve(key);
    try {
      await fs.access(file);
    } catch {
      throw new StoredFileMissing(key);
    }
    return createReadStream(file);
  }

  async size(key: string): Promise<number> {
    return (await fs.stat(this.resolve(key))).size;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  async *list(): AsyncIterable<StoredObject> {
    let names: string[];
    try {
      names = await fs.readdir(this.root, { recursive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const name of names) {
      const key = name.split(path.sep).join('/');
      const stat = await fs.lstat(path.join(this.root, name)).catch(() => undefined);
      // Gone since the listing (deleted meanwhile), a folder, or nothing this store wrote.
      if (!stat?.isFile() || !isSafeKey(key)) continue;
      yield { key, size: stat.size, modifiedAt: stat.mtime };
    }
  }

  async check(): Promise<void> {
    try {
      await fs.mkdir(this.root, { recursive: true });
      await fs.access(this.root, constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? 'error';
      throw new StorageUnavailableError(`DATA_DIR: cannot write to ${this.root} (${code})`);
    }
  }

  close(): void {
    // Every read and write opens and closes its own file: nothing stays open.
  }
}
