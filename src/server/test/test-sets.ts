/**
 * Which server test files run where (vitest.config.ts reads these lists; issue 34).
 *
 * - `pureServerTests` open no database and start no process: the `unit` project runs them once,
 *   in Node, with no template database.
 * - `databaseIndependentTests` need the seeded PGlite template (or start the app in a process)
 *   but do the same work whatever DATABASE_URL says: the `server` project runs them on the
 *   embedded database and the PostgreSQL pass leaves them out. `createTestDatabase` refuses to
 *   run in them (test-app.ts), so a file that starts testing the database cannot stay here.
 *
 * Every other server test opens a database copy and runs on both databases.
 */
export const pureServerTests = [
  'src/server/config.test.ts',
  'src/server/db/company-roles-migration.test.ts',
  'src/server/lib/csv.test.ts',
  'src/server/lib/key-slots.test.ts',
  'src/server/lib/safe-file.test.ts',
  'src/server/plugins/in-flight.test.ts',
  'src/server/plugins/session/session-cache.test.ts',
  'src/server/services/agreement-hours.test.ts',
  'src/server/services/group-commit.test.ts',
  'src/server/services/image-budget.test.ts',
  'src/server/services/intake/mail-time.test.ts',
  'src/server/services/poller.test.ts',
  'src/server/services/recurring-periods.test.ts',
  'src/server/services/secret-box.test.ts',
  'src/server/services/webhook-address.test.ts',
  'scripts/dependencies.test.ts',
  'scripts/first-paint-budget.test.ts',
];

export const databaseIndependentTests = [
  // Start the real entry point or a built file: configuration, build output, signals.
  'src/server/server-start.test.ts',
  'scripts/server-build.test.ts',
  'src/server/lifecycle.test.ts',
  'src/server/test/hardening/shutdown.test.ts',
  // The file store against the disk and an S3-protocol server: no database.
  'src/server/services/storage.test.ts',
  'src/server/backup/storage-copy.test.ts',
  // Tests of the embedded database itself.
  'src/server/db/pglite-turns.test.ts',
  'src/server/test/hardening/pglite-crash.test.ts',
  'src/server/test/hardening/intake-crash.test.ts',
];

/**
 * The longest server files (seconds on a slow 2-core machine, 2026-11-29), started first: in
 * the order the run finds them, the last of them began when the other worker was nearly done,
 * and the step waited on one worker for their length.
 */
export const slowTestsFirst = [
  'src/server/test/cluster/cluster.test.ts', // 61-98 (PostgreSQL pass only)
  'src/server/backup/backup.test.ts', // 67
  'src/server/test/hardening/storage-faults.test.ts', // 51 (under load)
  'src/server/test/hardening/intake-crash.test.ts', // 52
  'src/server/test/hardening/shutdown-contact.test.ts', // 41
  'src/server/server-start.test.ts', // 35
  'src/server/test/hardening/fuzz.test.ts', // 31
  'src/server/lifecycle.test.ts', // 24
  'src/server/services/storage.test.ts', // 30 (under load)
  'src/server/test/hardening/bodies.test.ts', // 20
];
