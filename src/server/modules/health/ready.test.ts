import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownMigrations } from '../../db/migration-level.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is ready when the database answers with every migration applied', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: t.db.databaseUrl ? 'postgres' : 'pglite',
      migration: knownMigrations().at(-1)?.tag,
      storage: 'disk',
    });
  });

  it('answers 503 while the server drains for shutdown, and health stays 200', async () => {
    t.app.readiness.draining = true;
    try {
      const res = await t.app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'Shutting down' });
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
  });

  it('answers 503 when the newest migration is missing', async () => {
    await t.app.db.execute(
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Database migrations not applied' });
  });

  it('answers 503 when the database is gone', async () => {
    await t.db.database.close();
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Database unavailable' });
  });
});
