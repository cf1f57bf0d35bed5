// Stripe's webhook across a real crash (issue 39, ADR 067): the app runs in a child process,
// the test holds a row lock on the invoice so the webhook's transaction stops between the
// event's arrival and its write, and the child is killed (SIGKILL) there. Nothing may be
// recorded; Stripe's retry of the same event to a new server records it once, and a third
// delivery nothing more.
import { spawn, type ChildProcess } from 'node:child_process';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments, invoices, mailOutbox, stripeEvents } from '../../db/schema.ts';
import {
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from '../stripe-stand-in.ts';
import { createTestDatabase, type TestDatabase } from '../test-app.ts';

// PGlite is one connection in one process: neither a second process nor a lock held from
// another connection can reach it, so the crash can only be staged on PostgreSQL.
describe.skipIf(!process.env.DATABASE_URL)(
  'Stripe webhook across SIGKILL between arrival and write (PostgreSQL only: PGlite cannot hold a row lock from a second connection)',
  () => {
    let database: TestDatabase;
    let standIn: StripeStandIn;
    let databaseUrl: string;
    const servers: ChildProcess[] = [];

    beforeAll(async () => {
      database = await createTestDatabase();
      databaseUrl = database.databaseUrl!;
      standIn = await startStripeStandIn();
    }, 60_000);
    afterAll(async () => {
      for (const child of servers) if (child.exitCode === null) child.kill('SIGKILL');
      await standIn?.close();
      await database?.destroy();
    });

    const server = async () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/server/test/hardening/fixtures/webhook-server.ts'],
        {
          env: {
            ...process.env,
            NODE_ENV: 'test',
            WEBHOOK_DATA_DIR: database.dataDir,
            DATABASE_URL: databaseUrl,
            STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
            STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
            STRIPE_API_BASE: standIn.url,
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      servers.push(child);
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
        child.on('exit', (code, signal) => resolve(signal ?? code)),
      );
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      await expect.poll(() => out, { timeout: 30_000 }).toMatch(/READY \d+/);
      const port = /READY (\d+)/.exec(out)![1];
      standIn.setDeliver(standIn.deliverTo(`http://127.0.0.1:${port}/api/stripe/webhook`));
      return { child, exited };
    };

    /** One connection of the test's own, beside the app's pool. */
    const connect = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      return client;
    };

    it('a server killed while the write waits records nothing; the retry records once, a third delivery nothing more', async () => {
      const { db } = database.database;
      const [invoice] = await db
        .select()
        .from(invoices)
        .where(eq(invoices.state, 'issued'))
        .orderBy(invoices.number)
        .limit(1);
      expect(invoice).toBeDefined();
      const balance = invoice!.totalMinor - invoice!.settledMinor;
      const intent = standIn.paymentIntent({
        amount: balance,
        currency: invoice!.currency.toLowerCase(),
        metadata: { invoiceId: invoice!.id, companyId: invoice!.customerId },
        methodType: 'card',
      });
      const event = standIn.event('payment_intent.succeeded', intent);
      const payments = () =>
        db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice!.id));
      const stored = () => db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
      const receipts = () =>
        db
          .select()
          .from(mailOutbox)
          .where(
            and(
              like(mailOutbox.subject, 'Receipt for your payment%'),
              like(mailOutbox.subject, `%(invoice ${invoice!.number})`),
            ),
          );

      const first = await server();
      const holder = await connect();
      const observer = await connect();
      let released = false;
      try {
        await holder.query('begin');
        await holder.query('select id from invoices where id = $1 for update', [invoice!.id]);
        // Settled at once so its failure, when the server dies, is read below and not unhandled.
        const delivery = standIn.send(event).then(
          (status) => `answered ${status}`,
          () => 'no answer',
        );
        // The webhook's transaction has stored the event row and waits for the invoice's lock.
        const waiting = async () =>
          (
            await observer.query<{ pid: number }>(
              `select a.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
               where not l.granted and a.datname = current_database() and a.pid <> $1`,
              [
                (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!
                  .pid,
              ],
            )
          ).rows;
        await expect.poll(async () => (await waiting()).length, { timeout: 15_000 }).toBe(1);
        const [{ pid: blocked }] = (await waiting()) as [{ pid: number }];
        // Mid-write: that transaction has already inserted the event's row (uncommitted).
        const writing = await observer.query(
          `select 1 from pg_locks where pid = $1 and granted
           and relation = 'stripe_events'::regclass and mode = 'RowExclusiveLock'`,
          [blocked],
        );
        expect(writing.rowCount).toBe(1);

        first.child.kill('SIGKILL');
        expect(await first.exited).toBe('SIGKILL');
        // Stripe saw no answer: the connection died with the server.
        expect(await delivery).toBe('no answer');
        await holder.query('rollback');
        released = true;
        // The orphaned backend gets the lock, finds its client gone and rolls back: wait for it.
        await expect
          .poll(
            async () =>
              (await observer.query('select 1 from pg_stat_activity where pid = $1', [blocked]))
                .rowCount,
            { timeout: 15_000 },
          )
          .toBe(0);
      } finally {
        if (!released) await holder.query('rollback').catch(() => undefined);
        await holder.end();
        await observer.end();
      }
      expect(await payments()).toEqual([]);
      expect(await stored()).toEqual([]);
      expect(await receipts()).toEqual([]);

      // Stripe retries the same event (same id) to the restarted server: recorded once.
      const second = await server();
      expect(await standIn.send(event)).toBe(200);
      const [payment, ...more] = await payments();
      expect(more).toEqual([]);
      expect(payment).toMatchObject({ amountMinor: balance, reference: intent.id });
      expect((await stored()).map((e) => e.outcome)).toEqual(['recorded']);
      const [after] = await db.select().from(invoices).where(eq(invoices.id, invoice!.id));
      expect(after).toMatchObject({ state: 'paid', settledMinor: invoice!.totalMinor });
      const mailed = await receipts();
      expect(mailed).toHaveLength(1);

      // A third delivery (another retry) records nothing more.
      expect(await standIn.send(event)).toBe(200);
      expect(await payments()).toHaveLength(1);
      expect(await stored()).toHaveLength(1);
      expect(await receipts()).toEqual(mailed);
      second.child.kill('SIGKILL');
      await second.exited;
    }, 90_000);
  },
);
