import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.ts';
import { findSessionAccount } from '../../services/current-user.ts';
import { sha256 } from '../../services/sessions.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../../db/client.ts';
import { pgliteCopy, TMP_ROOT } from '../template.ts';

// Embedded-database durability: runs on PGlite even when the suite runs on PostgreSQL.
describe('PGlite after kill -9', () => {
  const dataDir = path.join(
    TMP_ROOT,
    'test-runs',
    `crash-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('keeps every committed write when the process is killed without warning', async () => {
    await pgliteCopy(dataDir);
    const marker = `crash-${randomBytes(4).toString('hex')}`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/test/hardening/fixtures/pglite-writer.ts', dataDir, marker],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_c, signal) => resolve(signal)),
    );
    const rawId = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /WRITTEN (\S+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      child.on('exit', () => reject(new Error(`writer exited early: ${out}`)));
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const reopened = await openDatabase({ dataDir: dataDir });
    try {
      const rows = await reopened.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.name, marker));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.message).toBe(`written before kill -9 ${rawId}`);
      const session = await findSessionAccount(reopened.db, sha256(rawId), new Date());
      expect(session?.user).toMatchObject({ email: `${marker}@example.com` });
    } finally {
      await reopened.close();
    }
  }, 300_000); // migrating a new embedded database is slow on a loaded 2-core machine
});
