// Stored files in a bucket (ADR 076): AWS S3 or any S3-protocol store (MinIO, R2, B2, Ceph),
// so every app server behind the load balancer reads the same files. Uploads stream through
// in parts; downloads stream back through the app, which sets the safety headers itself.
import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../config.ts';
import { StorageUnavailableError } from '../lib/errors.ts';
import { isSafeKey, StoredFileMissing, type FileStorage, type StoredObject } from './storage.ts';

/**
 * One part of a streamed upload at a time, of the smallest size S3 allows (5 MiB): a 25 MB
 * upload holds about one part in memory, never the file.
 */
const PART_BYTES = 5 * 1024 * 1024;

type S3Failure = { name?: string; code?: string; $metadata?: { httpStatusCode?: number } };

const failureOf = (err: unknown): S3Failure => (typeof err === 'object' && err ? err : {});

/** The store answered that the object is not there (GET says NoSuchKey, HEAD only 404). */
function isMissing(err: unknown): boolean {
  const { name, $metadata } = failureOf(err);
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

export class S3Storage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;
  /** '' or the configured prefix with its closing slash. */
  private readonly keyPrefix: string;

  constructor(private readonly config: S3StorageConfig) {
    this.keyPrefix = config.prefix ? `${config.prefix}/` : '';
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // SDK versions since 3.729 add CRC32 checksums to every upload, streamed ones as
      // aws-chunked bodies with a trailer, which many S3-protocol stores (s3rver, older
      // MinIO, Ceph, B2) store as garbage or refuse. Only operations that need one get one;
      // TLS and S3's own Content-MD5 checks on multipart parts still guard the bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable store answers an upload 503 within seconds, not after the OS timeout.
      requestHandler: {
        connectionTimeout: 5_000,
        requestTimeout: 60_000,
        throwOnRequestTimeout: true,
      },
    });
  }

  /** Where the store is, for messages: the endpoint, or AWS itself. */
  private get where(): string {
    return this.config.endpoint ?? `AWS S3 (${this.config.region})`;
  }

  private objectKey(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return `${this.keyPrefix}${key}`;
  }

  /** Any failure of the store itself: the caller is told to try again (503). */
  private unavailable(err: unknown): StorageUnavailableError {
    const { name, code, $metadata } = failureOf(err);
    const status = $metadata?.httpStatusCode;
    if (name === 'CredentialsProviderError') {
      return new StorageUnavailableError(
        'AWS_ACCESS_KEY_ID: no credentials found (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile or role)',
      );
    }
    if (status === 404) {
      return new StorageUnavailableError(
        `STORAGE_URL: bucket "${this.config.bucket}" does not exist at ${this.where}`,
      );
    }
    if (status === 401 || status === 403) {
      return new StorageUnavailableError(
        `AWS_ACCESS_KEY_ID: ${this.where} refused the credentials for bucket "${this.config.bucket}" (${name ?? status})`,
      );
    }
    if (status === 301 || status === 400) {
      return new StorageUnavailableError(
        `AWS_REGION: bucket "${this.config.bucket}" is not in ${this.config.region} at ${this.where} (${name ?? status})`,
      );
    }
    if (status) {
      return new StorageUnavailableError(`S3_ENDPOINT: ${this.where} answered ${status} (${name})`);
    }
    return new StorageUnavailableError(
      `S3_ENDPOINT: cannot reach ${this.where} (${code ?? name ?? 'no answer'})`,
    );
  }

  /**
   * `sha256`, when given, is kept with the object (`x-amz-meta-sha256`): `storage:copy` reads
   * it back to skip a file copied before.
   */
  async put(key: string, data: Buffer | Readable, sha256?: string): Promise<number> {
    const Key = this.objectKey(key);
    let size = 0;
    let body: Buffer | Readable;
    // The sender's own failure (a cut connection) is rethrown as it was, not blamed on the store.
    let sourceError: unknown;
    if (Buffer.isBuffer(data)) {
      body = data;
      size = data.length;
    } else {
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      data.once('error', (err) => {
        sourceError = err;
        counter.destroy(err);
      });
      body = data.pipe(counter);
    }
    // S3 shows an object only once its upload completed; a failed multipart upload is
    // aborted (its parts dropped), so a key is never half written.
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.config.bucket,
        Key,
        Body: body,
        Metadata: sha256 ? { sha256 } : undefined,
      },
      partSize: PART_BYTES,
      queueSize: 1,
    });
    try {
      await upload.done();
    } catch (err) {
      if (body instanceof Readable) body.destroy();
      if (sourceError) throw sourceError;
      throw this.unavailable(err);
    }
    return size;
  }

  async get(key: string): Promise<Readable> {
    const command = new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) });
    let body: unknown;
    try {
      body = (await this.client.send(command)).Body;
    } catch (err) {
      if (isMissing(err)) throw new StoredFileMissing(key);
      throw this.unavailable(err);
    }
    if (!(body instanceof Readable)) throw new Error(`no stream for ${key} from ${this.where}`);
    return body;
  }

  async size(key: string): Promise<number> {
    const command = new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) });
    try {
      return (await this.client.send(command)).ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) throw new StoredFileMissing(key);
      throw this.unavailable(err);
    }
  }

  /** The object's size and the sha256 `put` kept with it; undefined when there is no object. */
  async digestOf(key: string): Promise<{ size: number; sha256?: string } | undefined> {
    const command = new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) });
    try {
      const head = await this.client.send(command);
      return { size: head.ContentLength ?? 0, sha256: head.Metadata?.sha256 };
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw this.unavailable(err);
    }
  }

  async delete(key: string): Promise<void> {
    const command = new DeleteObjectCommand({
      Bucket: this.config.bucket,
      Key: this.objectKey(key),
    });
    await this.client.send(command).catch((err: unknown) => {
      throw this.unavailable(err);
    });
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const command = new ListObjectsV2Command({
        Bucket: this.config.bucket,
        Prefix: this.keyPrefix || undefined,
        ContinuationToken: token,
      });
      const page = await this.client.send(command).catch((err: unknown) => {
        throw this.unavailable(err);
      });
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.keyPrefix.length);
        // Objects the app did not write (other tools' keys beside the prefix) are not its own.
        if (!key || !isSafeKey(key) || !object.LastModified) continue;
        yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    await this.client
      .send(new HeadBucketCommand({ Bucket: this.config.bucket }))
      .catch((err: unknown) => {
        throw this.unavailable(err);
      });
  }

  close(): void {
    this.client.destroy();
  }
}
