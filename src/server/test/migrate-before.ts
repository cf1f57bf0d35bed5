// A data migration's test starts from the schema as it was just before that migration: every
// migration up to it, applied as drizzle applies them, then the test's old rows.
import fs from 'node:fs/promises';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { migrationsFolder, type Database } from '../db/client.ts';

/** The journal's index of the migration whose tag ends with `_${slug}`. */
async function migrationIndex(slug: string): Promise<number> {
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag.endsWith(`_${slug}`));
  if (index < 0) throw new Error(`no ${slug} migration`);
  return index;
}

/** Applies every migration before the one named `slug`. */
export async function migrateBefore(database: Database, slug: string): Promise<void> {
  // Drizzle's migrator offers no "up to" option: its dialect and session, which every Drizzle
  // database has but does not type publicly, run the earlier files as `migrate()` would.
  const { dialect, session } = database.db as unknown as {
    dialect: PgDialect;
    session: PgSession;
  };
  const all = readMigrationFiles({ migrationsFolder });
  await dialect.migrate(all.slice(0, await migrationIndex(slug)), session, { migrationsFolder });
}
