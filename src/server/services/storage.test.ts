import { buffer } from 'node:stream/consumers';
// The file store's contract, run against the disk and a real S3-protocol server (s3rver in a
// child process) through the same S3Storage the app uses with STORAGE_URL (issue 41).
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generatedStream } from '../test/generated-stream.ts';
import { startS3Server, type S3TestServer } from '../test/s3-server.ts';
import { TMP_ROOT } from '../test/template.ts';
import { S3Storage } from './s3-storage.ts';
import { FsStorage, StoredFileMissing, type FileStorage } from './storage.ts';

const MB = 1024 * 1024;

/**
 * Stores a 25 MB stream in a process of its own (test/fixtures/streamed-upload.ts) with this
 * environment, and returns the bytes stored and the most live memory the upload added.
 */
function streamedUpload(env: Record<string, string>) {
  const fixture = path.join(import.meta.dirname, '../test/fixtures/streamed-upload.ts');
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fixture], {
    env: { ...process.env, NODE_ENV: 'test', STORAGE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise<{ size: number; growth: number }>((resolve, reject) =>
    child.on('close', (code) => {
      try {
        resolve(z.object({ size: z.number(), growth: z.number() }).parse(JSON.parse(out)));
      } catch {
        reject(new Error(`the upload process exited ${code}: ${out}`));
      }
    }),
  );
}

let s3: S3TestServer;
let root: string;
const stores = new Map<string, FileStorage>();
/** The environment that names each store, as an operator would set it. */
const envOf = (kind: string): Record<string, string> =>
  kind === 's3' ? s3.env('files', 'suite') : { DATA_DIR: root };
const storeOf = (kind: string): FileStorage => {
  const store = stores.get(kind);
  if (!store) throw new Error(`no ${kind} store`);
  return store;
};

beforeAll(async () => {
  s3 = await startS3Server();
  await fs.mkdir(TMP_ROOT, { recursive: true });
  root = await fs.mkdtemp(path.join(TMP_ROOT, 'storage-suite-'));
  stores.set('disk', new FsStorage(path.join(root, 'files')));
  stores.set('s3', new S3Storage(s3.config('files', 'suite')));
});
afterAll(async () => {
  for (const store of stores.values()) store.close();
  await s3.kill();
  await fs.rm(root, { recursive: true, force: true });
});

const listed = async (store: FileStorage) => {
  const keys = new Map<string, number>();
  for await (const { key, size } of store.list()) keys.set(key, size);
  return keys;
};

describe.each(['disk', 's3'])('%s storage', (kind) => {
  it('stores bytes and streams, reads them back, lists, measures and deletes them', async () => {
    const store = storeOf(kind);
    const bytes = Buffer.from([0, 255, 1, 254, 10, 13, 0]);
    expect(await store.put('round/a', bytes)).toBe(7);
    expect(
      await store.put('round/b.thumb', Readable.from([Buffer.from('stream'), Buffer.from('ed')])),
    ).toBe(8);
    expect(await buffer(await store.get('round/a'))).toEqual(bytes);
    expect((await buffer(await store.get('round/b.thumb'))).toString()).toBe('streamed');
    expect(await store.size('round/a')).toBe(7);
    const keys = await listed(store);
    expect(keys.get('round/a')).toBe(7);
    expect(keys.get('round/b.thumb')).toBe(8);

    await store.delete('round/a');
    await store.delete('round/a');
    await expect(store.get('round/a')).rejects.toBeInstanceOf(StoredFileMissing);
    expect((await listed(store)).has('round/a')).toBe(false);
    await expect(store.put('../escape', bytes)).rejects.toThrow(/unsafe storage key/);
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('stores nothing under the key when the sender fails mid-upload', async () => {
    const store = storeOf(kind);
    // Past the first 5 MiB part, so a bucket has a multipart upload under way when it fails.
    await expect(store.put('cut/upload', generatedStream(12 * MB, 7 * MB))).rejects.toThrow(
      'the sender went away',
    );
    await expect(store.get('cut/upload')).rejects.toBeInstanceOf(StoredFileMissing);
    expect([...(await listed(store)).keys()].filter((k) => k.startsWith('cut/'))).toEqual([]);
  });

  it('streams an upload without holding it in memory', async () => {
    // Three times the 25 MB limit, so that holding the file (75 MiB and more) and streaming it
    // cannot be mistaken: on S3 a few 5 MiB parts are live at once (lib-storage keeps the part
    // it sent while it gathers and joins the next, and a slow bucket leaves one in the socket:
    // 16 to 26 MiB measured, whatever the size); on disk a few chunks in the write stream
    // (0.5 to 5 MiB under load).
    const { size, growth } = await streamedUpload({ ...envOf(kind), UPLOAD_BYTES: `${75 * MB}` });
    expect(size).toBe(75 * MB);
    expect(growth).toBeLessThan(40 * MB);
  });
});
