// A real S3-protocol server for tests (s3rver, in a child process) and the configuration that
// points the app's own S3Storage at it: the same client code as production.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3StorageConfig } from '../config.ts';
import { TMP_ROOT } from './template.ts';

/** s3rver accepts this key pair only (it checks the access key; signatures it does not verify). */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type S3TestServer = {
  endpoint: string;
  /** The app's configuration for a bucket on this server (`files` is made at start). */
  config(bucket?: string, prefix?: string): S3StorageConfig;
  /** The same as environment variables, as an operator would set them. */
  env(bucket?: string, prefix?: string): Record<string, string>;
  /**
   * Who sent each part of a multipart upload, oldest first: the sender's SDK app id (the
   * AWS_SDK_UA_APP_ID it runs with; `-` without one). A sender of parts is storing a large file.
   */
  partSenders(): string[];
  /** Ends the server at once (SIGKILL): the bucket becomes unreachable. */
  kill(): Promise<void>;
};

/** `port`: a fixed port (the cluster's `basePort` range); unset, a free one. */
export async function startS3Server(
  buckets = ['files'],
  { port: fixedPort = 0 }: { port?: number } = {},
): Promise<S3TestServer> {
  await fs.mkdir(path.join(TMP_ROOT, 's3'), { recursive: true });
  const directory = await fs.mkdtemp(path.join(TMP_ROOT, 's3', 'run-'));
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, 's3-server-child.mjs'),
      directory,
      String(fixedPort),
      ...buckets,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const partSenders: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        const part = /^part (\S+)$/.exec(line);
        if (part?.[1]) partSenders.push(part[1]);
        else if (/^\d+$/.test(line)) resolve(Number(line));
      }
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const config = (bucket = 'files', prefix = ''): S3StorageConfig => ({
    kind: 's3',
    bucket,
    prefix,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_KEYS,
  });
  return {
    endpoint,
    config,
    partSenders: () => [...partSenders],
    env: (bucket = 'files', prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3RVER_KEYS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_KEYS.secretAccessKey,
    }),
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
