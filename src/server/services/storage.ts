import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where document files live. Routes know only this interface, so an object store can replace the filesystem. */
export interface FileStorage {
  put(key: string, data: Buffer | Readable): Promise<number>;
  get(key: string): Promise<Readable>;
  size(key: string): Promise<number>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-zA-Z0-9][a-zA-Z0-9._/-]*$/;

/** The keys the store accepts: relative paths that stay inside its folder. */
export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

/** Where `put` writes before renaming: never a stored file. */
export const isPartialWrite = (name: string) => name.endsWith('.part');

export class FsStorage implements FileStorage {
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
    await fs.access(file);
    return createReadStream(file);
  }

  async size(key: string): Promise<number> {
    return (await fs.stat(this.resolve(key))).size;
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }
}
