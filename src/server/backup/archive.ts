import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { isSafeKey } from '../services/storage.ts';
import {
  BackupError,
  MANIFEST_NAME,
  manifestSchema,
  type Manifest,
  type Part,
} from './manifest.ts';

/**
 * The backup file is a plain (uncompressed) tar that `tar tvf` lists: `manifest.json` first,
 * then the database dump under `database/`, then the stored files under `files/`. The dumps
 * are compressed already, and so are most stored documents.
 */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

/** Archive paths a backup may hold: nothing outside the folder it is unpacked into. */
export function isSafePartPath(name: string): boolean {
  if (name.startsWith('database/')) return /^database\/[a-z0-9][a-z0-9._-]*$/.test(name);
  return name.startsWith('files/') && isSafeKey(name.slice('files/'.length));
}

/** Size and sha256 of a stream's bytes. */
export async function digestStream(chunks: AsyncIterable<Buffer>): Promise<Omit<Part, 'path'>> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of chunks) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Size and sha256 of a file on disk. */
export const digestFile = (file: string) => digestStream(createReadStream(file));

/** What both a file stream and a tar entry are to `copyHashing`. */
type Sink = { write(chunk: Buffer): boolean; once(event: 'drain', listener: () => void): unknown };

/** Copies `chunks` into `sink`, hashing them on the way. */
async function copyHashing(chunks: AsyncIterable<Buffer>, sink: Sink) {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of chunks) {
    hash.update(chunk);
    bytes += chunk.length;
    if (!sink.write(chunk)) await new Promise<void>((resolve) => sink.once('drain', resolve));
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Writes the archive: the manifest, then each part read from `sources` (archive path to file
 * on disk) and checked against its manifest digest as it is written, so a file that changed
 * after it was measured fails the backup instead of making one that will not restore. The
 * file appears under its name only once complete, readable by its owner only.
 */
export async function writeArchive(
  file: string,
  manifest: Manifest,
  sources: Map<string, string>,
): Promise<void> {
  const tmp = `${file}.part`;
  const pack = tar.pack();
  const written = pipeline(pack, createWriteStream(tmp, { mode: 0o600 }));
  const mtime = new Date(manifest.createdAt);
  const entryDone = (add: (done: (err?: Error | null) => void) => unknown) =>
    new Promise<void>((resolve, reject) => {
      add((err) => (err ? reject(err) : resolve()));
    });
  try {
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await entryDone((done) => pack.entry({ name: MANIFEST_NAME, mode: 0o600, mtime }, json, done));
    for (const part of manifest.parts) {
      const source = sources.get(part.path);
      if (!source) throw new Error(`no source for ${part.path}`);
      let copied: Omit<Part, 'path'> | undefined;
      await entryDone((done) => {
        const entry = pack.entry({ name: part.path, size: part.bytes, mode: 0o600, mtime }, done);
        copyHashing(createReadStream(source), entry).then(
          (digest) => {
            copied = digest;
            entry.end(undefined);
          },
          (err: Error) => entry.destroy(err),
        );
        return entry;
      });
      if (copied?.sha256 !== part.sha256 || copied.bytes !== part.bytes) {
        throw new BackupError(`${part.path} changed while the backup was written; run it again.`);
      }
    }
    pack.finalize();
    await written;
    await fs.rename(tmp, file);
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => {});
    await fs.rm(tmp, { force: true });
    throw err;
  }
}

/**
 * Unpacks `file` into the folder `into` and proves it whole: the manifest must come first and
 * be valid, every other entry must be a part it lists, at a safe path, with its size and
 * sha256, and no listed part may be missing. Nothing outside `into` is written.
 */
export async function readArchive(file: string, into: string): Promise<Manifest> {
  const label = path.basename(file);
  const extract = tar.extract();
  const source = createReadStream(file);
  source.on('error', (err) => extract.destroy(err));
  source.pipe(extract);

  let manifest: Manifest | undefined;
  const expected = new Map<string, Part>();
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (!manifest) {
        if (name !== MANIFEST_NAME || (entry.header.size ?? 0) > MAX_MANIFEST_BYTES) {
          throw new BackupError(`${label} is not a backup made by db:backup (no manifest first).`);
        }
        const chunks: Buffer[] = [];
        for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
        const parsed = manifestSchema.safeParse(safeJson(Buffer.concat(chunks).toString('utf8')));
        if (!parsed.success) {
          throw new BackupError(`${label} has a manifest this version cannot read.`);
        }
        manifest = parsed.data;
        for (const part of manifest.parts) expected.set(part.path, part);
        continue;
      }
      const part = expected.get(name);
      if (type !== 'file' || !part || !isSafePartPath(name)) {
        throw new BackupError(`${label} holds an entry its manifest does not list: ${name}`);
      }
      expected.delete(name);
      const target = path.join(into, name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const out = createWriteStream(target, { mode: 0o600 });
      const digest = await copyHashing(entry as AsyncIterable<Buffer>, out);
      out.end();
      await once(out, 'close');
      if (digest.sha256 !== part.sha256 || digest.bytes !== part.bytes) {
        throw new BackupError(`${label} is damaged: ${name} does not match its checksum.`);
      }
    }
  } catch (err) {
    source.destroy();
    if (err instanceof BackupError) throw err;
    throw new BackupError(`${label} is not a readable backup: ${(err as Error).message}`);
  }
  if (!manifest) throw new BackupError(`${label} is not a backup made by db:backup (empty).`);
  if (expected.size > 0) {
    throw new BackupError(`${label} is incomplete: ${[...expected.keys()].join(', ')} missing.`);
  }
  return manifest;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
