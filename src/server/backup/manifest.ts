import { z } from 'zod';

/** A refusal or failure of `db:backup` / `db:restore`: its message is the whole story. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'meridian-it-portal-backup';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(1),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.iso.datetime(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** `PostgreSQL 15.20 (pg_dump 15.20)` or `PGlite 0.5.16 (PostgreSQL 17)`. */
    engine: z.string(),
    /** The part holding the database: a pg_dump custom-format archive or PGlite's data-directory tarball. */
    dump: z.string(),
    migrations: z.object({
      applied: z.number().int().nonnegative(),
      latest: z.string().nullable(),
      latestWhen: z.number().nullable(),
    }),
  }),
  /**
   * Set when the stored files live in a bucket (STORAGE_URL): they are not in the archive,
   * the bucket's own versioning keeps them (ADR 076); restore expects the same bucket.
   */
  bucket: z.string().optional(),
  /** Every entry after the manifest, in archive order: the database dump, then the stored files. */
  parts: z.array(
    z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: sha256Hex }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type Part = Manifest['parts'][number];

/** Human-readable size for the command's summary. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
