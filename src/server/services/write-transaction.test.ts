import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { enqueueMail, writeTransaction } from './mail-outbox.ts';

// Issue 15, item 5: no route wakes the mail worker by hand; the write transaction does, once
// committed, and only when it enqueued mail.
describe('writeTransaction', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(() => tdb.destroy());

  const mail = (subject: string) => ({ to: 'someone@example.com', subject, text: 'Hello' });
  const stored = async (subject: string) =>
    tdb.database.db.$count(mailOutbox, eq(mailOutbox.subject, subject));

  it('wakes the worker after commit when the write enqueued mail', async () => {
    const seen: number[] = [];
    const result = await writeTransaction(
      tdb.database.db,
      () => void stored('Committed').then((n) => seen.push(n)),
      async (tx) => {
        await enqueueMail(tx, mail('Committed'));
        return 'done';
      },
    );
    expect(result).toBe('done');
    await expect.poll(() => seen).toEqual([1]);
  });

  it('does not wake it for a write without mail', async () => {
    let woken = 0;
    await writeTransaction(
      tdb.database.db,
      () => woken++,
      async (tx) => tx.select().from(mailOutbox).limit(1),
    );
    expect(woken).toBe(0);
  });

  it('does not wake it when the write fails after enqueueing, and keeps no mail', async () => {
    let woken = 0;
    await expect(
      writeTransaction(
        tdb.database.db,
        () => woken++,
        async (tx) => {
          await enqueueMail(tx, mail('Rolled back'));
          throw new Error('refused');
        },
      ),
    ).rejects.toThrow('refused');
    expect(woken).toBe(0);
    expect(await stored('Rolled back')).toBe(0);
  });
});
