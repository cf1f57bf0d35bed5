import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, selectRows, type Db } from './client.ts';

export type MigrationLevel = {
  /** How many migrations the database has applied. */
  applied: number;
  /** The newest applied migration's tag (`0002_auth_change_notify`), null when none or unknown here. */
  latest: string | null;
  /** Its drizzle timestamp: migrations are ordered and compared by it. */
  latestWhen: number | null;
};

type JournalEntry = { tag: string; when: number };

let journal: JournalEntry[] | undefined;

/** The committed migrations this code knows, oldest first (`drizzle/meta/_journal.json`). */
export function knownMigrations(): JournalEntry[] {
  journal ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    }
  ).entries.map(({ tag, when }) => ({ tag, when }));
  return journal;
}

/** What the database has applied, read from drizzle's own bookkeeping table. */
export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const [table] = await selectRows<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return { applied: 0, latest: null, latestWhen: null };
  const [row] = await selectRows<{ applied: number; latest_when: string | null }>(
    db,
    sql`select count(*)::int as applied, max(created_at)::text as latest_when
        from drizzle.__drizzle_migrations`,
  );
  const latestWhen = row?.latest_when ? Number(row.latest_when) : null;
  return {
    applied: row?.applied ?? 0,
    latest: knownMigrations().find((m) => m.when === latestWhen)?.tag ?? null,
    latestWhen,
  };
}

/** True when every migration this code knows has been applied (drizzle applies by timestamp). */
export function isCurrent(level: MigrationLevel): boolean {
  const newest = knownMigrations().at(-1);
  return !newest || (level.latestWhen !== null && level.latestWhen >= newest.when);
}
