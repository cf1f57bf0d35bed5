import { buffer } from 'node:stream/consumers';
// `npm run storage:copy` (issue 41): every file from DATA_DIR/files into a bucket on a real
// S3-protocol server, verified, with a summary; run again it copies nothing, and an object
// whose bytes differ is copied again.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../services/s3-storage.ts';
import { FsStorage } from '../services/storage.ts';
import { startS3Server, type S3TestServer } from '../test/s3-server.ts';
import { TMP_ROOT } from '../test/template.ts';
import { copyToBucket } from './storage-copy.ts';

/** Runs `npm run storage:copy -- ARGS` as an operator would, with this environment. */
function storageCopy(args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['scripts/server-cli.mjs', 'backup/storage-copy-cli', ...args],
    { env: { ...process.env, NODE_ENV: 'test', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
}

describe('npm run storage:copy', () => {
  let s3: S3TestServer;
  let dataDir: string;
  let bucket: S3Storage;
  const files: Record<string, Buffer> = {
    'customers/c1/report': Buffer.from('%PDF-1.4 report'),
    'mail/0f.eml': Buffer.from('From: a@example.com\r\n\r\nhello'),
    'tickets/c1/image.thumb': Buffer.from([0, 1, 2, 255]),
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    bucket = new S3Storage(s3.config('files', 'moved'));
    await fs.mkdir(path.join(TMP_ROOT, 'test-runs'), { recursive: true });
    dataDir = await fs.mkdtemp(path.join(TMP_ROOT, 'test-runs', 'storage-copy-'));
    const disk = new FsStorage(path.join(dataDir, 'files'));
    for (const [key, data] of Object.entries(files)) await disk.put(key, data);
    // What a crash mid-upload leaves: not a file, never copied.
    await fs.writeFile(path.join(dataDir, 'files', 'customers', 'c1', 'x.1.2.part'), 'half');
  });
  afterAll(async () => {
    bucket.close();
    await s3.kill();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const env = () => ({ ...s3.env(), DATA_DIR: dataDir, STORAGE_URL: '' });

  it('copies every file, verified, then copies nothing the second time', async () => {
    const first = await storageCopy(['--to', 's3://files/moved'], env());
    expect(first.output).toContain('Copied 3 files');
    expect(first.output).toContain('0 already there');
    expect(first.code).toBe(0);
    for (const [key, data] of Object.entries(files))
      expect(await buffer(await bucket.get(key))).toEqual(data);
    const keys: string[] = [];
    for await (const { key } of bucket.list()) keys.push(key);
    expect(keys.sort()).toEqual(Object.keys(files).sort());

    // Resumable: what is there with the same size and sha256 is not copied again.
    expect(await copyToBucket(path.join(dataDir, 'files'), bucket)).toEqual({
      copied: 0,
      skipped: 3,
      bytes: 0,
    });
  });

  it('copies again a file whose bytes differ in the bucket', async () => {
    // Same size, other bytes: only the checksum tells them apart.
    await bucket.put('customers/c1/report', Buffer.from('%PDF-1.4 REPORT'));
    const again = await copyToBucket(path.join(dataDir, 'files'), bucket);
    expect(again).toMatchObject({ copied: 1, skipped: 2 });
    expect(await buffer(await bucket.get('customers/c1/report'))).toEqual(
      files['customers/c1/report'],
    );
  });
});
