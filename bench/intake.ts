// The intake part of `npm run bench`: 1,000 messages waiting in a real Dovecot mailbox (700
// new tickets from 50 customer users, 300 answers to open tickets) read by the app's own
// intake loop, from start until the last is stored; then checked: each message exactly one
// ticket or reply, none left unseen.
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, inArray, like } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, type Db } from '../src/server/db/client.ts';
import {
  customerUsers,
  customers,
  intakeMessages,
  ticketReplies,
  tickets,
  users,
} from '../src/server/db/schema.ts';
import { DEMO_USERS, seedDemoData } from '../src/server/seed/demo.ts';
import { dovecotMissing, startDovecot } from '../src/server/test/dovecot.ts';

export const INTAKE_MESSAGES = 1000;
const SENDERS = 50;

export type IntakeBench = {
  database: string;
  messages: number;
  seconds: number;
  perSecond: number;
  tickets: number;
  replies: number;
  unseenAfter: number;
  note?: string;
};

export async function benchIntake(
  label: string,
  opts: { dataDir: string; databaseUrl?: string },
): Promise<IntakeBench | { database: string; note: string }> {
  if (dovecotMissing) return { database: label, note: dovecotMissing };
  await fs.rm(opts.dataDir, { recursive: true, force: true });
  await fs.mkdir(opts.dataDir, { recursive: true });
  const dovecot = await startDovecot();
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-only-secret-bench-only-secret-0123',
      DATA_DIR: opts.dataDir,
      APP_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'warn',
      IMAP_URL: dovecot.url,
      SUPPORT_MAILBOX: 'support@example.com',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    }),
    intakePollMs: 1000,
  };
  const database = await openDatabase(config);
  await database.migrate();
  await seedDemoData(database.db, { dataDir: config.dataDir });
  // Outgoing mail (acknowledgements) is queued in the same transactions, as in production;
  // its delivery is another part's measure, so the mail worker does not run here.
  const app = await buildApp(config, { database, closeDatabase: true, mailWorker: false });
  try {
    const db = app.db;
    const [acme] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.name, 'Acme Logistics'));
    // Fifty senders: 14 new tickets each stays under the 20 per sender and hour.
    const senders = await db
      .insert(users)
      .values(
        Array.from({ length: SENDERS }, (_, i) => ({
          email: `bench.sender${i}@acme-logistics.example`,
          firstName: 'Bench',
          lastName: `Sender ${i}`,
        })),
      )
      .returning({ id: users.id, email: users.email });
    await db
      .insert(customerUsers)
      .values(senders.map((s) => ({ userId: s.id, customerId: acme!.id })));
    const open = (
      await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.customerId, acme!.id), inArray(tickets.status, ['open', 'pending'])))
    ).map((t) => t.id);
    if (open.length === 0) throw new Error('no open Acme ticket to answer');
    const repliesBefore = await countReplies(db, open);

    const imap = await dovecot.client();
    let replies = 0;
    for (let i = 0; i < INTAKE_MESSAGES; i++) {
      const reply = i % 10 === 2 || i % 10 === 5 || i % 10 === 8;
      if (reply) replies++;
      const from = reply ? DEMO_USERS.acme : senders[i % SENDERS]!.email;
      const subject = reply
        ? `Re: [${open[i % open.length]}] Bench answer ${i}`
        : `Bench ticket ${i}: printer on floor ${i % 7} offline`;
      const raw = [
        `From: ${from}`,
        'To: support@example.com',
        `Subject: ${subject}`,
        `Date: ${new Date().toUTCString()}`,
        `Message-ID: <bench-${i}@client.example>`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        `Message ${i}: the printer shows error 0x${i.toString(16)} since this morning.`,
        '',
        'On Mon, 23 Nov 2026 at 09:00, Meridian IT <no-reply@example.com> wrote:',
        '> Earlier text that the parser cuts.',
        '',
      ].join('\r\n');
      await imap.append('INBOX', raw);
    }
    await imap.logout();

    const intake = app.intake!;
    const started = performance.now();
    intake.start();
    while (intake.stats.ingested + intake.stats.failed < INTAKE_MESSAGES) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    await intake.stop();

    const stored = await db
      .select({ outcome: intakeMessages.outcome, n: count() })
      .from(intakeMessages)
      .where(like(intakeMessages.messageId, '<bench-%'))
      .groupBy(intakeMessages.outcome);
    const outcome = (o: string) => stored.find((s) => s.outcome === o)?.n ?? 0;
    const [{ n: newTickets }] = (await db
      .select({ n: count() })
      .from(tickets)
      .where(like(tickets.subject, 'Bench ticket %'))) as [{ n: number }];
    const repliesAdded = (await countReplies(db, open)) - repliesBefore;
    const check = await dovecot.client();
    await check.mailboxOpen('INBOX');
    const unseenAfter = ((await check.search({ seen: false }, { uid: true })) || []).length;
    await check.logout();
    const exact =
      outcome('ticket') === INTAKE_MESSAGES - replies &&
      outcome('reply') === replies &&
      newTickets === INTAKE_MESSAGES - replies &&
      repliesAdded === replies &&
      unseenAfter === 0 &&
      intake.stats.failed === 0;
    return {
      database: label,
      messages: INTAKE_MESSAGES,
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(INTAKE_MESSAGES / seconds),
      tickets: newTickets,
      replies: repliesAdded,
      unseenAfter,
      ...(exact
        ? {}
        : {
            note: `NOT EXACT: ${JSON.stringify({ stored, newTickets, repliesAdded, unseenAfter, failed: intake.stats.failed })}`,
          }),
    };
  } finally {
    await app.close();
    await dovecot.stop();
  }
}

async function countReplies(db: Db, ticketIds: string[]) {
  const [{ n }] = (await db
    .select({ n: count() })
    .from(ticketReplies)
    .where(inArray(ticketReplies.ticketId, ticketIds))) as [{ n: number }];
  return n;
}

export function printIntake(rows: (IntakeBench | { database: string; note: string })[]) {
  console.log(
    `\n## Mail intake (${INTAKE_MESSAGES} messages waiting in Dovecot: 70% new tickets, 30% replies; target under 60 s)\n`,
  );
  console.log('| Database | Seconds | Messages/s | Tickets | Replies | Unseen after | Note |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of rows) {
    if (!('seconds' in r)) {
      console.log(`| ${r.database} | | | | | | ${r.note} |`);
      continue;
    }
    console.log(
      `| ${r.database} | ${r.seconds} | ${r.perSecond} | ${r.tickets} | ${r.replies} | ${r.unseenAfter} | ${r.note ?? (r.seconds < 60 ? 'each message exactly one ticket or reply' : 'over the 60 s target')} |`,
    );
  }
}

export const intakeDataDir = (name: string) => path.resolve('.tmp/bench', name);
