import { buffer } from 'node:stream/consumers';
// Thumbnails are what a ticket list shows most and are small (a 320 px WebP, a few KB): each
// server keeps the newest ones it wrote or read in memory, so they go on showing while the
// bucket cannot be reached (issue 41) and do not cost a round trip each. Their keys are new
// for every upload and never rewritten, so a kept copy cannot go stale.
import { Readable } from 'node:stream';
import type { FileStorage, StoredObject } from './storage.ts';

/** What the attachment store names an image's thumbnail (helpdesk/attachment-files.ts). */
export const isThumbnailKey = (key: string) => key.endsWith('.thumb');

/** A thumbnail larger than this is not one the app made: read through, never kept. */
const MAX_THUMB_BYTES = 256 * 1024;

export class ThumbnailCache implements FileStorage {
  /** Least recently used first (a Map keeps insertion order; a hit moves to the end). */
  private readonly kept = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    private readonly inner: FileStorage,
    private readonly budgetBytes = 16 * 1024 * 1024,
  ) {}

  get kind() {
    return this.inner.kind;
  }

  private keep(key: string, data: Buffer) {
    if (data.length > MAX_THUMB_BYTES) return;
    this.forget(key);
    this.kept.set(key, data);
    this.bytes += data.length;
    for (const [oldest, buffer] of this.kept) {
      if (this.bytes <= this.budgetBytes) break;
      this.kept.delete(oldest);
      this.bytes -= buffer.length;
    }
  }

  private forget(key: string) {
    const buffer = this.kept.get(key);
    if (!buffer) return;
    this.kept.delete(key);
    this.bytes -= buffer.length;
  }

  async put(key: string, data: Buffer | Readable): Promise<number> {
    const size = await this.inner.put(key, data);
    if (isThumbnailKey(key) && Buffer.isBuffer(data)) this.keep(key, data);
    return size;
  }

  async get(key: string): Promise<Readable> {
    if (!isThumbnailKey(key)) return this.inner.get(key);
    const cached = this.kept.get(key);
    if (cached) {
      this.keep(key, cached);
      return Readable.from([cached], { objectMode: false });
    }
    const data = await buffer(await this.inner.get(key));
    this.keep(key, data);
    return Readable.from([data], { objectMode: false });
  }

  async size(key: string): Promise<number> {
    return this.kept.get(key)?.length ?? this.inner.size(key);
  }

  async delete(key: string): Promise<void> {
    this.forget(key);
    await this.inner.delete(key);
  }

  list(): AsyncIterable<StoredObject> {
    return this.inner.list();
  }

  check(): Promise<void> {
    return this.inner.check();
  }

  close(): void {
    this.inner.close();
  }
}
