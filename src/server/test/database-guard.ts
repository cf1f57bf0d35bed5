// Runs before each server test file: a file listed as database-independent (test-sets.ts) may
// not open a test database copy, since the PostgreSQL pass leaves it out.
import path from 'node:path';
import { expect } from 'vitest';
import { databaseIndependentTests } from './test-sets.ts';
import { refuseTestDatabases } from './test-app.ts';

const file = path.relative(process.cwd(), expect.getState().testPath ?? '');
refuseTestDatabases(
  databaseIndependentTests.includes(file)
    ? `${file} is listed in src/server/test/test-sets.ts as database-independent, so it never ` +
        'runs on PostgreSQL; a test that opens a database copy belongs in neither list.'
    : undefined,
);
