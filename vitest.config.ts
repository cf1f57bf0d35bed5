import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './src/server/test/slow-first-sequencer.ts';
import { databaseIndependentTests, pureServerTests } from './src/server/test/test-sets.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

export default defineConfig({
  test: {
    // Each server test file opens its own database copy; two at a time fits a 2-core machine.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
        },
      },
      {
        // Pure tests: no database, no process, no DOM. They share a worker's modules (isolate:
        // false): they hold no global state, and importing the server's modules once per worker
        // instead of once per file is most of their time.
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', ...pureServerTests],
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          // The PostgreSQL pass (DATABASE_URL set) runs only what the database changes.
          exclude: [...pureServerTests, ...(onPostgres ? databaseIndependentTests : [])],
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/database-guard.ts'],
          // Every file builds its own app on its own database copy, and restores what it changes
          // in the process: the worker's module graph (the server, drizzle, fastify) is imported
          // once, not once per file.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
