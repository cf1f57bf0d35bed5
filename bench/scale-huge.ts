// Issue 20: the lists and the dashboard of a company of 100,000 invoices, tickets and
// documents and 20,000 projects (`npm run db:seed -- --huge`): first page, a page deep in
// the list, a search matching about 1%, the compressed size of a page, and the app's memory
// over 5,000 list requests. Server times are the app's own request log.
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { answeredHeaders, loadSideBySide, type Figures } from './api.ts';
import type { AppServerInfo, SearchPlan } from './app-server.ts';
import type { BareResponse } from './bare-server.ts';
import { benchInvoicesScreen, type ScreenFigures } from './scale-screen.ts';
import { startChild } from './processes.ts';
import { requestLog } from './request-log.ts';
import { median, round1 } from './stats.ts';
import { HUGE_COMPANY } from '../src/server/seed/huge.ts';

const REQUESTS = 15;
const LISTS = ['invoices', 'projects', 'documents', 'tickets'] as const;
/**
 * How deep the "deep page" is: after 399 pages of 50, page 400 holds rows 19,951-20,000, so
 * every list has it, the 20,000 projects (their last page) too.
 */
const DEEP_PAGES = 399;
const MEMORY_REQUESTS = 5000;

export type HugeRow = { database: string; list: string; case: string; p50: number; max: number };
export type HugeResult = {
  database: string;
  rows: HugeRow[];
  compressed: Array<{ list: string; plainKB: number; brotliKB: number; gzipKB: number }>;
  rssBeforeMB: number;
  rssAfterMB: number;
  /** The same readings after a full garbage collection. */
  rssBeforeGcMB: number;
  rssAfterGcMB: number;
  /** Each list's search as the planner runs it at 100,000 rows (the index it uses). */
  plans: SearchPlan[];
  /** The dashboard at 100 connections beside node:http answering its bytes. */
  dashboard: { app: Figures; bare: Figures; ratio: number };
  /** The invoices screen at 100,000 invoices, typing the rare word. */
  screen: ScreenFigures;
};

/** Raw bytes on the wire for `encoding` (Node's fetch would decode them). */
function wireBytes(port: number, path: string, cookie: string, encoding: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get(
        { port, host: '127.0.0.1', path, headers: { cookie, 'accept-encoding': encoding } },
        (res) => {
          let n = 0;
          res.on('data', (c: Buffer) => (n += c.length));
          res.on('end', () => resolve(n));
        },
      )
      .on('error', reject);
  });
}

function ask<T>(child: ChildProcess, message: string) {
  return new Promise<T>((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message);
  });
}

/** The dashboard under autocannon (100 connections), then node:http answering the same bytes. */
async function dashboardUnderLoad(port: number, path: string, cookie: string) {
  const url = `http://127.0.0.1:${port}${path}`;
  const sample = await fetch(url, { headers: { cookie } });
  const body = await sample.text();
  if (!sample.ok) throw new Error(`${path} answered ${sample.status}`);
  const bare = await startChild<{ port: number }>('bare-server.ts', {}, {
    status: sample.status,
    headers: answeredHeaders(sample.headers),
    body,
  } satisfies BareResponse);
  const { app, bare: floor } = await loadSideBySide(
    { url, headers: { cookie } },
    { url: `http://127.0.0.1:${bare.info.port}${path}` },
  ).finally(() => bare.stop());
  return { app, bare: floor, ratio: Math.round((app.rps / floor.rps) * 1000) / 10 };
}

export async function benchHuge(
  database: string,
  env: Record<string, string>,
): Promise<HugeResult> {
  const app = await startChild<AppServerInfo>(
    'app-server.ts',
    { BENCH_FRESH: '1', ...env, BENCH_HUGE: '1' },
    undefined,
    { pipeStdout: true },
  );
  const log = requestLog(app.process.stdout);
  const { port, cookie, customerId } = app.info;
  const get = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
    return res;
  };
  const time = async (list: string, label: string, path: string): Promise<HugeRow> => {
    for (let i = 0; i < REQUESTS + 2; i++) await get(path);
    const server = (await log.last(path, REQUESTS + 2)).slice(2);
    return {
      database,
      list,
      case: label,
      p50: round1(median(server)),
      max: round1(Math.max(...server)),
    };
  };
  try {
    // The first reads after a fresh seed touch every row (hint bits): minutes on a loaded
    // PGlite, past fetch's 300 s header timeout. node:http waits; these reads are not timed.
    for (const list of [...LISTS, 'dashboard']) {
      await wireBytes(port, `/api/customers/${customerId}/${list}`, cookie, 'identity');
    }
    const rows: HugeRow[] = [];
    const compressed: HugeResult['compressed'] = [];
    for (const list of LISTS) {
      const first = `/api/customers/${customerId}/${list}`;
      rows.push(await time(list, 'first page', first));
      let next: string | null = first;
      for (let i = 0; i < DEEP_PAGES && next; i++) {
        const res = await get(next);
        next = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
      }
      if (next) rows.push(await time(list, `page ${DEEP_PAGES + 1} (cursor)`, next));
      rows.push(
        await time(
          list,
          `search q=${HUGE_COMPANY.rareWord}`,
          `${first}?q=${HUGE_COMPANY.rareWord}`,
        ),
      );
      compressed.push({
        list,
        plainKB: round1((await wireBytes(port, first, cookie, 'identity')) / 1024),
        brotliKB: round1((await wireBytes(port, first, cookie, 'br')) / 1024),
        gzipKB: round1((await wireBytes(port, first, cookie, 'gzip')) / 1024),
      });
    }
    rows.push(await time('dashboard', 'one request', `/api/customers/${customerId}/dashboard`));
    const plans = await ask<SearchPlan[]>(app.process, 'search-plans');
    const dashboard = await dashboardUnderLoad(
      port,
      `/api/customers/${customerId}/dashboard`,
      cookie,
    );
    const screen = await benchInvoicesScreen(
      `http://127.0.0.1:${port}`,
      cookie,
      HUGE_COMPANY.rareWord,
    );
    const before = await ask<{ rss: number; rssAfterGc: number }>(app.process, 'rss');
    for (let i = 0; i < MEMORY_REQUESTS; i++) {
      await get(
        `/api/customers/${customerId}/${LISTS[i % LISTS.length]}?q=${i % 50 === 0 ? 'Zephyr' : ''}`,
      );
    }
    const after = await ask<{ rss: number; rssAfterGc: number }>(app.process, 'rss');
    return {
      database,
      rows,
      compressed,
      rssBeforeMB: round1(before.rss / 2 ** 20),
      rssAfterMB: round1(after.rss / 2 ** 20),
      rssBeforeGcMB: round1(before.rssAfterGc / 2 ** 20),
      rssAfterGcMB: round1(after.rssAfterGc / 2 ** 20),
      plans,
      dashboard,
      screen,
    };
  } finally {
    await app.stop();
  }
}

export function printHuge(results: HugeResult[]) {
  console.log(
    '\n| Database | List | Case | Server p50 | Server max |\n| --- | --- | --- | ---: | ---: |',
  );
  for (const r of results) {
    for (const row of r.rows)
      console.log(
        `| ${row.database} | ${row.list} | ${row.case} | ${row.p50} ms | ${row.max} ms |`,
      );
  }
  console.log(
    '\n| Database | List | First page plain | brotli | gzip |\n| --- | --- | ---: | ---: | ---: |',
  );
  for (const r of results) {
    for (const c of r.compressed)
      console.log(
        `| ${r.database} | ${c.list} | ${c.plainKB} KB | ${c.brotliKB} KB | ${c.gzipKB} KB |`,
      );
  }
  console.log(
    '\n| Database | Dashboard req/s | p50 | p99 | non-2xx | node:http req/s | Ratio |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const { database, dashboard: d } of results) {
    console.log(
      `| ${database} | ${d.app.rps} | ${d.app.p50} ms | ${d.app.p99} ms | ${d.app.non2xx + d.app.errors} | ${d.bare.rps} | ${d.ratio}% |`,
    );
  }
  for (const r of results) {
    const s = r.screen;
    console.log(
      `\n${r.database} invoices screen: rows painted ${s.navigationToRowsMs} ms after navigation; keystroke to paint median ${s.keystrokeMedianMs} ms, max ${s.keystrokeMaxMs} ms (${s.keystrokes.join(', ')}); results painted ${s.resultsMs ?? 'never'} ms after the last keystroke`,
    );
    for (const p of r.plans) console.log(`${r.database} ${p.list} search plan: ${p.plan}`);
  }
  for (const r of results) {
    console.log(
      `\n${r.database}: RSS ${r.rssBeforeMB} MB before, ${r.rssAfterMB} MB after ${MEMORY_REQUESTS} list requests (after a full collection: ${r.rssBeforeGcMB} and ${r.rssAfterGcMB} MB)`,
    );
  }
}
