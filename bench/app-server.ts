// The app as production runs it (every plugin, request logging on), in its own
// process so the load generator does not share its event loop. Reports over IPC.
import './exit-with-parent.ts';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { containsPattern } from '../src/server/db/paged-list.ts';
import { invoicePages } from '../src/server/db/invoice-list.ts';
import { projectPages } from '../src/server/db/project-list.ts';
import { documentPages } from '../src/server/db/document-list.ts';
import { ticketPages } from '../src/server/services/helpdesk/ticket-views.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import {
  customerUsers,
  documents,
  invoices,
  projects,
  tickets,
  users,
} from '../src/server/db/schema.ts';
import { HUGE_COMPANY } from '../src/server/seed/huge.ts';
import { LARGE_COMPANY } from '../src/server/seed/large.ts';
import { createSession } from '../src/server/services/sessions.ts';

export type AppServerInfo = {
  port: number;
  cookie: string;
  customerId: string;
  /** BENCH_PROBE_EMAIL: a second signed-in user, of another company (the isolation bench). */
  probe?: { cookie: string; customerId: string };
  /** A staff admin's session past the second factor (the pages bench's help desk). */
  staffCookie: string;
};
/** A list's search of the rare word as the planner runs it: EXPLAIN ANALYZE's node lines. */
export type SearchPlan = { list: string; plan: string };

const dataDir = process.env.BENCH_DATA_DIR ?? path.resolve('.tmp/bench/data');
const fresh = process.env.BENCH_FRESH === '1';
// The scale bench signs in as the large company's user instead of the demo one.
const large = process.env.BENCH_LARGE === '1';
// The issue-20 bench: the company of 100,000 invoices, tickets and documents.
const huge = process.env.BENCH_HUGE === '1';
if (fresh) await fs.rm(dataDir, { recursive: true, force: true });
const env = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-only-secret-bench-only-secret-0123',
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_URL: 'http://127.0.0.1',
  LOG_LEVEL: 'info',
  // One session sends every request of the load: the per-session read limit (600 a minute
  // by default) would answer 429 within the first second. Measured with the limiter in
  // place (its hash and counter per read included), set out of reach (README, Benchmarks).
  READ_RATE_LIMIT: '1000000000',
  // Likewise its 100 connections at once (2 by default): out of reach unless a bench
  // measures the bound itself (BENCH_READ_CONCURRENCY, the isolation bench).
  READ_CONCURRENCY: process.env.BENCH_READ_CONCURRENCY ?? '1000000000',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  // BENCH_METRICS=1: with the /metrics listener on, so every request is timed.
  ...(process.env.BENCH_METRICS === '1' ? { METRICS_PORT: '0' } : {}),
};
// The attachments bench writes 200 replies from one session in seconds: the per-minute write
// limits are scaled out of its way (as the tests do), the rest of the config as production.
const config = {
  ...loadConfig(env),
  ...(process.env.BENCH_RATE_LIMIT_SCALE
    ? { rateLimitScale: Number(process.env.BENCH_RATE_LIMIT_SCALE) }
    : {}),
};
if (fresh) {
  // Seeded by the CLI in a process of its own, as an operator does: the server under
  // measurement starts with a clean heap, not the garbage of 30,000 inserted rows.
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/seed/seed-cli.ts',
      ...(large ? ['--large'] : []),
      ...(huge ? ['--huge'] : []),
    ],
    { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp(config, { database, closeDatabase: true });
await app.listen({ port: 0, host: '127.0.0.1' });

const email = huge
  ? HUGE_COMPANY.userEmail
  : large
    ? LARGE_COMPANY.userEmail
    : 'jordan.lee@acme-logistics.example';
/** A session of the seeded user with this address, and their (first) company. */
async function signIn(address: string) {
  const [user] = await app.db
    .select({ id: users.id, customerId: customerUsers.customerId })
    .from(users)
    .innerJoin(customerUsers, eq(customerUsers.userId, users.id))
    .where(eq(users.email, address))
    .limit(1);
  if (!user) throw new Error(`no seeded user ${address}`);
  const rawId = await createSession(app.db, user.id, { userAgent: 'bench' });
  return {
    cookie: `${app.sessionCookieName}=${app.signCookie(rawId)}`,
    customerId: user.customerId,
  };
}
/** A session of the seeded staff admin, past the second factor as after a passkey. */
async function signInStaff(address: string) {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, address));
  if (!user) throw new Error(`no seeded staff member ${address}`);
  const rawId = await createSession(app.db, user.id, { userAgent: 'bench', secondFactor: true });
  return `${app.sessionCookieName}=${app.signCookie(rawId)}`;
}
const address = app.server.address();
const info: AppServerInfo = {
  port: typeof address === 'object' && address ? address.port : 0,
  ...(await signIn(email)),
  staffCookie: await signInStaff('support@example.com'),
  ...(process.env.BENCH_PROBE_EMAIL ? { probe: await signIn(process.env.BENCH_PROBE_EMAIL) } : {}),
};
process.send?.(info);
// The scale bench reads this process's CPU time around a batch of requests: unlike the
// elapsed time, it hardly grows when other work shares the cores.
/** The count each search page runs (its costliest part), planned and run at full size. */
async function searchPlans(customerId: string): Promise<SearchPlan[]> {
  const lists: Array<
    [string, { from: SQL; search: SQLWrapper | readonly SQLWrapper[] }, SQLWrapper]
  > = [
    ['invoices', invoicePages, invoices.customerId],
    ['projects', projectPages, projects.customerId],
    ['tickets', ticketPages, tickets.customerId],
    ['documents', documentPages, documents.customerId],
  ];
  const plans: SearchPlan[] = [];
  for (const [list, { from, search }, company] of lists) {
    const where = and(
      eq(company, customerId),
      or(
        ...[search]
          .flat()
          .map((s: SQLWrapper) => sql`${s} ilike ${containsPattern(HUGE_COMPANY.rareWord)}`),
      ),
    );
    // As the API's searched read plans it: these lists' searches say `searchIndexed`.
    const result = await app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(
        sql`explain (analyze, costs off) select count(*) from ${from} where ${where}`,
      )) as unknown as { rows: Array<Record<string, string>> };
    });
    const lines = result.rows.map((r) => Object.values(r).join(''));
    const nodes = lines.filter((l) => /Scan|Execution Time/.test(l)).map((l) => l.trim());
    plans.push({ list, plan: nodes.join(' | ') });
  }
  return plans;
}

process.on('message', (m) => {
  if (m === 'search-plans') void searchPlans(info.customerId).then((p) => process.send?.(p));
  if (m === 'cpu-usage') process.send?.(process.cpuUsage());
  if (m === 'rss') {
    const rss = process.memoryUsage().rss;
    // What the requests left behind, apart from garbage V8 had not yet collected.
    globalThis.gc?.();
    process.send?.({ rss, rssAfterGc: process.memoryUsage().rss });
  }
});
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
