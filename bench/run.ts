// `npm run bench`: API throughput and latency next to bare node:http, page weight
// and Lighthouse next to a static floor, the large company's lists and invoices screen;
// 1,000 mails through the support mailbox's intake; Markdown on stdout, JSON in
// bench/results/latest.json.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchApi, LISTS, ROUND_SECONDS, ROUNDS, type ApiRow } from './api.ts';
import { benchIntake, intakeDataDir, printIntake } from './intake.ts';
import { benchPages, lcpSummary, RUNS, type PageRow, type Scores } from './pages.ts';
import { printScale } from './scale-report.ts';
import { benchScale, type ScaleResult } from './scale.ts';
import { median } from './stats.ts';
import { benchHuge, printHuge, type HugeResult } from './scale-huge.ts';
import {
  attachmentsDataDir,
  benchAttachments,
  printAttachments,
  type AttachmentBench,
} from './attachments.ts';
import { benchWebhooks, printWebhooks, webhooksDataDir, type WebhookBench } from './webhooks.ts';
import {
  benchRecurring,
  printRecurring,
  recurringDataDir,
  type RecurringBench,
} from './recurring.ts';
import { benchCluster, printCluster, type ClusterRow } from './cluster.ts';
import {
  benchIsolation,
  isolationDataDir,
  printIsolation,
  type IsolationPass,
} from './isolation.ts';

const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const wants = (part: string) => only.length === 0 || only.includes(part);

const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
};

const apiRows: ApiRow[] = [];
if (wants('api')) {
  const dataDir = path.resolve('.tmp/bench/pglite');
  apiRows.push(...(await benchApi('PGlite', { BENCH_DATA_DIR: dataDir })));
  if (process.env.DATABASE_URL) {
    const rows = await withBenchDatabase(process.env.DATABASE_URL, (url) =>
      benchApi('PostgreSQL', {
        BENCH_DATABASE_URL: url,
        BENCH_DATA_DIR: path.resolve('.tmp/bench/pg-files'),
      }),
    );
    apiRows.push(...rows);
  }
}

// Issue 42: the lists' first pages at 100 connections for the company of 100,000 rows.
if (wants('api-huge')) {
  const huge = { BENCH_HUGE: '1', BENCH_DATA_DIR: path.resolve('.tmp/bench/api-huge-pglite') };
  apiRows.push(...(await benchApi('PGlite, 100,000 rows', huge, LISTS)));
  if (process.env.DATABASE_URL) {
    const rows = await withBenchDatabase(process.env.DATABASE_URL, (url) =>
      benchApi(
        'PostgreSQL, 100,000 rows',
        {
          BENCH_HUGE: '1',
          BENCH_DATABASE_URL: url,
          BENCH_DATA_DIR: path.resolve('.tmp/bench/api-huge-pg-files'),
        },
        LISTS,
      ),
    );
    apiRows.push(...rows);
  }
}

const pageRows: PageRow[] = [];
if (wants('pages'))
  pageRows.push(...(await benchPages({ BENCH_DATA_DIR: path.resolve('.tmp/bench/pages') })));

const scale: ScaleResult[] = [];
if (wants('scale')) {
  const dataDir = path.resolve('.tmp/bench/scale-pglite');
  scale.push(await benchScale('PGlite', { BENCH_DATA_DIR: dataDir }, { screen: true }));
  if (process.env.DATABASE_URL) {
    const result = await withBenchDatabase(process.env.DATABASE_URL, (url) =>
      benchScale(
        'PostgreSQL',
        { BENCH_DATABASE_URL: url, BENCH_DATA_DIR: path.resolve('.tmp/bench/scale-pg-files') },
        { screen: false },
      ),
    );
    scale.push(result);
  }
}

const intake: Awaited<ReturnType<typeof benchIntake>>[] = [];
if (wants('intake')) {
  intake.push(await benchIntake('PGlite', { dataDir: intakeDataDir('intake-pglite') }));
  if (process.env.DATABASE_URL) {
    intake.push(
      await withBenchDatabase(process.env.DATABASE_URL, (url) =>
        benchIntake('PostgreSQL', { dataDir: intakeDataDir('intake-pg-files'), databaseUrl: url }),
      ),
    );
  }
}

// Issue 21: 10,000 events to 3 webhooks through the outbox, two workers sharing it.
const webhooks: WebhookBench[] = [];
if (wants('webhooks')) {
  webhooks.push(await benchWebhooks('PGlite', { dataDir: webhooksDataDir('webhooks-pglite') }));
  if (process.env.DATABASE_URL) {
    webhooks.push(
      await withBenchDatabase(process.env.DATABASE_URL, (url) =>
        benchWebhooks('PostgreSQL', {
          dataDir: webhooksDataDir('webhooks-pg-files'),
          databaseUrl: url,
        }),
      ),
    );
  }
}

// Issue 39 item 4: 10,000 recurring invoices made and mailed at once, none twice.
const recurring: RecurringBench[] = [];
if (wants('recurring')) {
  recurring.push(await benchRecurring('PGlite', { dataDir: recurringDataDir('recurring-pglite') }));
  if (process.env.DATABASE_URL) {
    recurring.push(
      await withBenchDatabase(process.env.DATABASE_URL, (url) =>
        benchRecurring('PostgreSQL', {
          dataDir: recurringDataDir('recurring-pg-files'),
          databaseUrl: url,
        }),
      ),
    );
  }
}

// Issue 17: a conversation of 200 replies with 50 images; a 25 MB upload's memory.
const attachments: AttachmentBench[] = [];
if (wants('attachments')) {
  attachments.push(
    await benchAttachments('PGlite', { BENCH_DATA_DIR: attachmentsDataDir('attachments-pglite') }),
  );
  if (process.env.DATABASE_URL) {
    attachments.push(
      await withBenchDatabase(process.env.DATABASE_URL, (url) =>
        benchAttachments('PostgreSQL', {
          BENCH_DATABASE_URL: url,
          BENCH_DATA_DIR: attachmentsDataDir('attachments-pg-files'),
        }),
      ),
    );
  }
}

// Review F4: another company's reads while one session runs costly searches, bound off and on.
const isolation: IsolationPass[] = [];
if (wants('isolation')) {
  isolation.push(
    ...(await benchIsolation('PGlite', { BENCH_DATA_DIR: isolationDataDir('isolation-pglite') })),
  );
  if (process.env.DATABASE_URL) {
    isolation.push(
      ...(await withBenchDatabase(process.env.DATABASE_URL, (url) =>
        benchIsolation('PostgreSQL', {
          BENCH_DATABASE_URL: url,
          BENCH_DATA_DIR: isolationDataDir('isolation-pg-files'),
        }),
      )),
    );
  }
}

// Issue 41: one app server behind nginx, then three (PostgreSQL only: several servers need it).
const cluster: ClusterRow[] = [];
if (wants('cluster') && process.env.DATABASE_URL) {
  cluster.push(...(await benchCluster(process.env.DATABASE_URL)));
}

// Issue 20's company of 100,000 rows: part of `scale`, or alone with `npm run bench huge`.
const huge: HugeResult[] = [];
if (wants('scale') || wants('huge')) {
  huge.push(
    await benchHuge('PGlite', {
      BENCH_DATA_DIR: path.resolve('.tmp/bench/huge-pglite'),
      // BENCH_HUGE_KEEP=1: the PGlite company seeded by an earlier run is measured again.
      ...(process.env.BENCH_HUGE_KEEP === '1' ? { BENCH_FRESH: '0' } : {}),
    }),
  );
  if (process.env.DATABASE_URL) {
    huge.push(
      await withBenchDatabase(process.env.DATABASE_URL, (url) =>
        benchHuge('PostgreSQL', {
          BENCH_DATABASE_URL: url,
          BENCH_DATA_DIR: path.resolve('.tmp/bench/huge-pg-files'),
        }),
      ),
    );
  }
}
if (huge.length > 0) printHuge(huge);

const ms = (n: number) => `${n} ms`;
if (apiRows.length > 0) {
  console.log(
    `\n## API (autocannon, 100 connections, median of ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s) on ${machine.cpus} CPUs, ${machine.memoryGb} GB, Node ${machine.node}\n`,
  );
  console.log(
    '| Database | Endpoint | App req/s | p50 | p99 | non-2xx | node:http req/s | p50 | p99 | Ratio |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of apiRows) {
    if (!r.app || !r.bare) {
      console.log(`| ${r.database} | ${r.endpoint} | ${r.note ?? ''} | | | | | | | |`);
      continue;
    }
    console.log(
      `| ${r.database} | ${r.endpoint} | ${r.app.rps} | ${ms(r.app.p50)} | ${ms(r.app.p99)} | ${r.app.non2xx + r.app.errors} | ${r.bare.rps} | ${ms(r.bare.p50)} | ${ms(r.bare.p99)} | ${r.ratio}% |`,
    );
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** Each category's lowest score over the runs (a page must score 100 in every run). */
const lh = (runs: Scores[]) =>
  (['performance', 'accessibility', 'best-practices', 'seo'] as const)
    .map((c) => {
      const scores = runs.flatMap((r) => r[c] ?? []);
      return scores.length ? Math.min(...scores) : 'n/a';
    })
    .join(' / ');
/** Median LCP and the spread of the runs (failed runs are not in them). */
const lcp = (runs: Scores[]) => {
  const values = runs.map((r) => r.lcpMs);
  if (!values.length) return 'no run succeeded';
  return `${median(values)} (${Math.min(...values)}-${Math.max(...values)}), ${values.length} runs`;
};
if (pageRows.length > 0) {
  console.log(
    `\n## Pages (gzip bytes loaded with nobody touching the page; Lighthouse 12 mobile, ${RUNS} runs of page and floor interleaved: lowest performance over the runs / accessibility / best practices / SEO of the first run, LCP median (min-max) in ms)\n`,
  );
  console.log(
    '| Page | HTML | JS before first paint | JS by load event | JS, idle, no interaction | CSS | Lighthouse | LCP | Floor Lighthouse | Floor LCP | LCP / floor | TBT max | LCP element |',
  );
  console.log(
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- | ---: | ---: | ---: | --- |',
  );
  for (const r of pageRows) {
    const { ratio } = lcpSummary(r);
    const vsFloor = ratio ? `${(ratio * 100 - 100).toFixed(1)}%` : 'n/a';
    const tbt = Math.max(...r.lighthouse.runs.map((s) => s.tbtMs));
    console.log(
      `| ${r.page} (${r.path}) | ${kb(r.weight.html)} | ${kb(r.weight.jsBeforePaint)} | ${kb(r.weight.jsByLoad)} | ${kb(r.weight.js)} | ${kb(r.weight.css)} | ${lh(r.lighthouse.runs)} | ${lcp(r.lighthouse.runs)} | ${lh(r.floor.lighthouse.runs)} | ${lcp(r.floor.lighthouse.runs)} | ${vsFloor} | ${tbt} ms | ${r.lighthouse.lcpElement.replace(/\|/g, '\\|')} |`,
    );
  }
  console.log('\nLCP phases of the median run (page, then floor):\n');
  for (const r of pageRows)
    console.log(`- ${r.path}: ${r.lighthouse.lcpPhases}; floor: ${r.floor.lighthouse.lcpPhases}`);
}

if (scale.length > 0) printScale(scale);
if (intake.length > 0) printIntake(intake);
if (webhooks.length > 0) printWebhooks(webhooks);
if (recurring.length > 0) printRecurring(recurring);
if (attachments.length > 0) printAttachments(attachments);
if (isolation.length > 0) printIsolation(isolation);
if (cluster.length > 0) printCluster(cluster);

await fs.mkdir(path.resolve('bench/results'), { recursive: true });
await fs.writeFile(
  path.resolve('bench/results/latest.json'),
  `${JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: os.loadavg(), api: apiRows, pages: pageRows, scale, huge, intake, webhooks, recurring, attachments, isolation, cluster }, null, 2)}\n`,
);

/**
 * A fresh database beside the one DATABASE_URL names, so the bench never touches test data;
 * named after this process so benches run side by side never drop each other's. Dropped after.
 */
async function withBenchDatabase<T>(
  url: string,
  run: (benchUrl: string) => Promise<T>,
): Promise<T> {
  const { withAdmin, withDatabase } = await import('../src/server/test/template.ts');
  // BENCH_DB_PREFIX: several checkouts benching on one server keep their databases apart.
  const prefix = (process.env.BENCH_DB_PREFIX ?? 'meridian_bench').replace(/[^a-z0-9_]/g, '');
  const name = `${prefix}_${process.pid}`;
  await withAdmin(url, (c) => c.query(`create database ${name}`));
  try {
    return await run(withDatabase(url, name));
  } finally {
    await withAdmin(url, (c) => c.query(`drop database if exists ${name} with (force)`));
  }
}
