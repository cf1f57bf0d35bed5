// The recurring invoices part of `npm run bench` (issue 39 item 4, ADR 068): 10,000 schedules
// of one company fall due at once (monthly, issue and mail, two lines each); two sweepers run
// side by side, as two app servers would (on PostgreSQL over connections of their own; PGlite
// takes one transaction at a time), while the notification and mail outboxes deliver the
// "New invoice" mails to a real SMTP server (bench/smtp-counter.ts). Timed until every mail has
// arrived; then counted: invoices per (schedule, period), mails by Message-ID, and one more
// sweep that must make nothing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase, selectRows } from '../src/server/db/client.ts';
import { customerUsers, customers, users } from '../src/server/db/schema.ts';
import { MailOutbox, writeTransaction } from '../src/server/services/mail-outbox.ts';
import { NotificationOutbox } from '../src/server/services/notification-outbox.ts';
import { sweepRecurringInvoices } from '../src/server/services/recurring-invoice-sweep.ts';
import { startSmtpCounter } from './smtp-counter.ts';

/** BENCH_RECURRING: fewer schedules, to try the bench quickly. */
export const RECURRING_SCHEDULES = Number(process.env.BENCH_RECURRING ?? 10_000);
const DUE = new Date('2027-01-01T00:00:00Z');
const POLL_MS = 200;
const DEADLINE_MS = 900_000;

export type RecurringBench = {
  database: string;
  schedules: number;
  generatedSeconds: number;
  mailedSeconds: number;
  invoicesPerSecond: number;
  invoices: number;
  periodsTwice: number;
  mails: number;
  mailsTwice: number;
  sweptAgain: number;
  loadAverage: number[];
};

export async function benchRecurring(
  label: string,
  opts: { dataDir: string; databaseUrl?: string },
): Promise<RecurringBench> {
  await fs.rm(opts.dataDir, { recursive: true, force: true });
  await fs.mkdir(opts.dataDir, { recursive: true });
  const smtp = await startSmtpCounter();
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-only-secret-bench-only-secret-0123',
      DATA_DIR: opts.dataDir,
      APP_URL: 'http://127.0.0.1',
      SMTP_URL: smtp.url,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    }),
    mailPollMs: POLL_MS,
  };
  const database = await openDatabase(config);
  await database.migrate();
  const { db } = database;
  await seed(db);

  const log = Fastify({ logger: { level: 'warn' } }).log;
  const mail = new MailOutbox(db, config, log);
  const notifications = new NotificationOutbox(
    db,
    {
      appUrl: config.appUrl,
      sessionSecrets: config.sessionSecrets,
      pollMs: POLL_MS,
      wakeMail: () => mail.kick(),
    },
    log,
  );
  const write = <T>(work: Parameters<typeof writeTransaction<T>>[2]) =>
    writeTransaction(db, () => mail.kick(), work);
  const sweep = () =>
    sweepRecurringInvoices(write, {
      now: DUE,
      onError: (err, id) => log.error({ err, id }, 'recurring run failed'),
    });
  /** One server's worker: sweeps until a round finds nothing due. */
  const worker = async () => {
    let made = 0;
    for (let n = await sweep(); n > 0; n = await sweep()) made += n;
    return made;
  };

  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) / 100) / 10;
  notifications.start();
  mail.start();
  const handled = await Promise.all([worker(), worker()]);
  const generatedSeconds = elapsed();
  console.error(`${label}: ${handled.join(' + ')} runs in ${generatedSeconds} s; mailing`);
  // The deadline counts from the last invoice: a slow generation must not cut the mailing short.
  await smtp.whenReceived(RECURRING_SCHEDULES, DEADLINE_MS);
  const mailedSeconds = elapsed();
  await notifications.stop();
  await mail.stop();

  const [counts] = await selectRows<{ invoices: number; twice: number }>(
    db,
    sql`select count(*)::int as invoices,
          (count(*) - count(distinct (r.schedule_id, r.period_on)))::int as twice
        from recurring_invoice_runs r join invoices i on i.id = r.invoice_id
        where i.state = 'issued'`,
  );
  const sweptAgain = await sweep();
  await database.close();
  await smtp.close();
  const ids = new Set(smtp.received.map((m) => m.messageId));
  return {
    database: label,
    schedules: RECURRING_SCHEDULES,
    generatedSeconds,
    mailedSeconds,
    invoicesPerSecond: Math.round(RECURRING_SCHEDULES / generatedSeconds),
    invoices: counts?.invoices ?? 0,
    periodsTwice: counts?.twice ?? 0,
    mails: smtp.received.length,
    mailsTwice: smtp.received.length - ids.size,
    sweptAgain,
    loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
  };
}

/** One company, its billing member (who gets the mails), a billing staff member, the schedules. */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const [company] = await db.insert(customers).values({ name: 'Bench Retainers' }).returning();
  const [member] = await db
    .insert(users)
    .values({ email: 'ap@bench.example', firstName: 'Bench', lastName: 'Payer', role: 'customer' })
    .returning();
  const [staff] = await db
    .insert(users)
    .values({
      email: 'billing@bench.example',
      firstName: 'Bench',
      lastName: 'Billing',
      role: 'staff',
      staffRole: 'billing',
    })
    .returning();
  if (!company || !member || !staff) throw new Error('bench seed failed');
  await db
    .insert(customerUsers)
    .values({ userId: member.id, customerId: company.id, role: 'billing' });
  await db.execute(sql`
    insert into recurring_invoices (customer_id, name, currency, cadence, run_day, time_zone,
      payment_terms_days, action, starts_on, next_run_on, next_run_at, updated_by)
    select ${company.id}::uuid, 'Retainer ' || g, 'USD', 'monthly', 1, 'UTC', 14,
      'issue-and-mail', '2027-01-01', '2027-01-01', ${DUE.toISOString()}::timestamptz, ${staff.id}::uuid
    from generate_series(1, ${RECURRING_SCHEDULES}) g`);
  await db.execute(sql`
    insert into recurring_invoice_lines (schedule_id, position, description, quantity_milli,
      unit_price_minor, tax_rate_bp)
    select id, p, case p when 1 then 'Managed services' else 'Backup, per TB' end,
      case p when 1 then 1000 else 2500 end, case p when 1 then 150000 else 1999 end, 2000
    from recurring_invoices, generate_series(1, 2) p`);
}

export function printRecurring(rows: RecurringBench[]) {
  console.log(
    `\n## Recurring invoices (${RECURRING_SCHEDULES.toLocaleString('en-US')} schedules due at once, issue and mail, two sweepers side by side; none twice)\n`,
  );
  console.log(
    '| Database | Schedules | Generated in | Invoices/s | All mailed in | Invoices | Periods twice | Mails | Mails twice | A further sweep made | Load average |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${r.schedules} | ${r.generatedSeconds} s | ${r.invoicesPerSecond} | ${r.mailedSeconds} s | ${r.invoices} | ${r.periodsTwice} | ${r.mails} | ${r.mailsTwice} | ${r.sweptAgain} | ${r.loadAverage.join(' / ')} |`,
    );
  }
}

export const recurringDataDir = (name: string) => path.resolve('.tmp/bench', name);
