// Mail intake across a real crash and a real SIGTERM: the app runs in a child process that is
// killed (SIGKILL) while it reads a mailbox of 60 messages, then a second one reads the rest and
// is stopped with SIGTERM. Every message must be exactly one ticket or reply.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { customers, intakeMessages, ticketReplies, tickets } from '../../db/schema.ts';
import { DEMO_USERS, seedDemoData } from '../../seed/demo.ts';
import { dovecotMissing, startDovecot, type Dovecot } from '../dovecot.ts';
import { TMP_ROOT } from '../template.ts';

const TOTAL = 60;

describe.skipIf(Boolean(dovecotMissing))('mail intake across SIGKILL and SIGTERM', () => {
  let dovecot: Dovecot;
  let dataDir: string;
  let answered: string;
  const run = randomBytes(4).toString('hex');

  beforeAll(async () => {
    dovecot = await startDovecot();
    dataDir = path.join(TMP_ROOT, 'test-runs', `intake-crash-${run}`);
    await fs.mkdir(dataDir, { recursive: true });
    const setup = await openDatabase({ dataDir });
    await setup.migrate();
    await seedDemoData(setup.db, { dataDir });
    const [open] = await setup.db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(customers, eq(customers.id, tickets.customerId))
      .where(and(eq(customers.name, 'Acme Logistics'), eq(tickets.status, 'open')))
      .limit(1);
    answered = open!.id;
    await setup.close();
    // 45 new tickets from three customers (15 each, under the hourly limit), 15 answers.
    const senders = [DEMO_USERS.acme, DEMO_USERS.globex, DEMO_USERS.initech];
    for (let i = 0; i < TOTAL; i++) {
      const reply = i % 4 === 3;
      await dovecot.append(
        [
          `From: ${reply ? DEMO_USERS.acme : senders[i % 3]}`,
          'To: support@example.com',
          `Subject: ${reply ? `Re: [${answered}] crash ${run} ${i}` : `Crash ${run} ${i}`}`,
          `Message-ID: <crash-${run}-${i}@client.example>`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          `Crash message ${run} ${i}`,
          '',
        ].join('\r\n'),
      );
    }
  }, 60_000);
  afterAll(async () => {
    await dovecot?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const unseen = async () => {
    const client = await dovecot.client();
    try {
      const status = await client.status('INBOX', { unseen: true });
      return status ? (status.unseen ?? -1) : -1;
    } finally {
      await client.logout();
    }
  };
  const server = async () => {
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/test/hardening/fixtures/intake-server.ts'],
      {
        env: { ...process.env, NODE_ENV: 'test', INTAKE_DATA_DIR: dataDir, IMAP_URL: dovecot.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
    );
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await expect.poll(() => out, { timeout: 30_000 }).toContain('READY');
    return { child, exited };
  };

  it('a server killed mid-round and its successor stopped by SIGTERM: every message exactly one ticket or reply', async () => {
    const first = await server();
    await expect.poll(unseen, { timeout: 30_000, interval: 50 }).toBeLessThanOrEqual(TOTAL - 10);
    first.child.kill('SIGKILL');
    await first.exited;
    const left = await unseen();
    expect(left).toBeGreaterThan(0);

    const second = await server();
    await expect.poll(unseen, { timeout: 60_000 }).toBe(0);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const check = await openDatabase({ dataDir });
    try {
      const db = check.db;
      const stored = await db
        .select({ outcome: intakeMessages.outcome, n: count() })
        .from(intakeMessages)
        .where(like(intakeMessages.messageId, `<crash-${run}-%`))
        .groupBy(intakeMessages.outcome);
      expect(Object.fromEntries(stored.map((s) => [s.outcome, s.n]))).toEqual({
        ticket: 45,
        reply: 15,
      });
      const [{ n: made }] = (await db
        .select({ n: count() })
        .from(tickets)
        .where(like(tickets.subject, `Crash ${run} %`))) as [{ n: number }];
      expect(made).toBe(45);
      const [{ n: replies }] = (await db
        .select({ n: count() })
        .from(ticketReplies)
        .where(
          and(
            eq(ticketReplies.ticketId, answered),
            like(ticketReplies.message, `Crash message ${run} %`),
          ),
        )) as [{ n: number }];
      expect(replies).toBe(15);
    } finally {
      await check.close();
    }
  });
});
