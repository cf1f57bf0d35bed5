import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../../drizzle');
const statements = (file: string) =>
  fs
    .readFileSync(path.join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

// Issue 18: "existing users become admin by the migration (no one loses access)". The
// migrations before it run on an empty database, a membership is made the old way, then
// the roles migration runs.
describe('the company roles migration', () => {
  const db = new PGlite();
  afterAll(() => db.close());

  it('makes every membership made before it admin, and later ones member by default', async () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d{4}_.*\.sql$/.test(f))
      .sort();
    const roles = files.findIndex((f) => f.includes('company_roles'));
    expect(roles).toBeGreaterThan(0);
    for (const file of files.slice(0, roles)) for (const s of statements(file)) await db.exec(s);
    await db.exec(`
      insert into customers (id, name) values ('00000000-0000-4000-8000-000000000001', 'Old Co');
      insert into users (id, email, first_name, last_name)
        values ('00000000-0000-4000-8000-000000000002', 'old@old.example', 'Old', 'User'),
               ('00000000-0000-4000-8000-000000000003', 'new@old.example', 'New', 'User');
      insert into customer_users (user_id, customer_id)
        values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001');`);
    for (const s of statements(files[roles]!)) await db.exec(s);
    await db.exec(`insert into customer_users (user_id, customer_id)
      values ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001')`);
    const { rows } = await db.query<{ email: string; role: string; active: boolean }>(
      `select u.email, cu.role, cu.active from customer_users cu join users u on u.id = cu.user_id
        order by u.email`,
    );
    expect(rows).toEqual([
      { email: 'new@old.example', role: 'member', active: true },
      { email: 'old@old.example', role: 'admin', active: true },
    ]);
    // Thirty migrations on a new embedded database: seconds on a loaded machine, not a unit
    // test's five (it timed out with three jobs sharing two cores).
  }, 60_000);
});
