// Review F4: one session runs N costly searches at once (the large company's tickets,
// `limit=200&q=ab`); another company's user reads their first invoice page meanwhile. Its
// latency idle and under that load, with the in-flight bound off and on. Idle and loaded
// rounds alternate, so a neighbour's burst on a shared machine lands on both sides.
import os from 'node:os';
import path from 'node:path';
import type { AppServerInfo } from './app-server.ts';
import { startChild } from './processes.ts';
import { median, round1 } from './stats.ts';

const SEARCHERS = Number(process.env.BENCH_ISOLATION_SEARCHERS ?? 4);
const ROUNDS = Number(process.env.BENCH_ISOLATION_ROUNDS ?? 4);
/** How long each side of a round reads (sequentially), in seconds. */
const ROUND_SECONDS = Number(process.env.BENCH_ISOLATION_SECONDS ?? 5);
const PROBE_EMAIL = 'jordan.lee@acme-logistics.example';
/** As the app runs without the bound: out of reach. */
const UNBOUNDED = '1000000000';

export type IsolationPass = {
  database: string;
  /** READ_CONCURRENCY, or "off". */
  bound: string;
  idle: { reads: number; medianMs: number; p95Ms: number };
  loaded: { reads: number; medianMs: number; p95Ms: number };
  /** Loaded median over idle median. */
  ratio: number;
  searches: { done: number; refused: number; medianMs: number };
  loadAverage: [number, number];
};

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
};

async function timedGet(url: string, cookie: string) {
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const startApp = (env: Record<string, string>, bound: string, fresh: boolean) =>
  startChild<AppServerInfo>('app-server.ts', {
    ...env,
    BENCH_FRESH: fresh ? '1' : '0',
    BENCH_LARGE: '1',
    BENCH_PROBE_EMAIL: PROBE_EMAIL,
    BENCH_READ_CONCURRENCY: bound,
  });

/** One app server, with READ_CONCURRENCY `bound`, on the seeded database. */
async function pass(
  database: string,
  env: Record<string, string>,
  bound: string,
): Promise<IsolationPass> {
  const app = await startApp(env, bound, false);
  const { port, cookie, customerId, probe } = app.info;
  if (!probe) throw new Error('the app server signed in no probe user');
  const base = `http://127.0.0.1:${port}/api/customers`;
  const search = `${base}/${customerId}/tickets?limit=200&q=ab`;
  const invoices = `${base}/${probe.customerId}/invoices?limit=20`;
  const loadBefore = round1(os.loadavg()[0] ?? 0);
  const probeRound = async () => {
    const times: number[] = [];
    const end = performance.now() + ROUND_SECONDS * 1000;
    while (performance.now() < end) {
      const { status, ms } = await timedGet(invoices, probe.cookie);
      if (status !== 200) throw new Error(`the probe's invoices answered ${status}`);
      times.push(ms);
    }
    return times;
  };
  try {
    // Warm-up: plans, JIT, the search's first (cold) run.
    await probeRound();
    await timedGet(search, cookie);
    const idle: number[] = [];
    const loaded: number[] = [];
    const searchTimes: number[] = [];
    let refused = 0;
    for (let round = 0; round < ROUNDS; round++) {
      idle.push(...(await probeRound()));
      let searching = true;
      const searcher = async () => {
        while (searching) {
          const { status, ms } = await timedGet(search, cookie);
          if (status === 429) refused++;
          else if (status === 200) searchTimes.push(ms);
          else throw new Error(`the search answered ${status}`);
        }
      };
      const searchers = Array.from({ length: SEARCHERS }, searcher);
      // The searches are under way before the first probe.
      await timedGet(search, cookie);
      loaded.push(...(await probeRound()));
      searching = false;
      await Promise.all(searchers);
    }
    const idleMedian = round1(median(idle));
    const loadedMedian = round1(median(loaded));
    return {
      database,
      bound: bound === UNBOUNDED ? 'off' : bound,
      idle: { reads: idle.length, medianMs: idleMedian, p95Ms: round1(p95(idle)) },
      loaded: { reads: loaded.length, medianMs: loadedMedian, p95Ms: round1(p95(loaded)) },
      ratio: round1(loadedMedian / idleMedian),
      searches: {
        done: searchTimes.length,
        refused,
        medianMs: round1(median(searchTimes)),
      },
      loadAverage: [loadBefore, round1(os.loadavg()[0] ?? 0)],
    };
  } finally {
    await app.stop();
  }
}

/**
 * Bound off, 2 (the default) and 1, each on a fresh server over the same database, seeded
 * first by a server of its own (the first measured server would otherwise start on the
 * seed's cold files).
 */
export async function benchIsolation(
  database: string,
  env: Record<string, string>,
): Promise<IsolationPass[]> {
  await (await startApp(env, UNBOUNDED, true)).stop();
  const bounds = (process.env.BENCH_ISOLATION_BOUNDS ?? `${UNBOUNDED},2,1`).split(',');
  const passes: IsolationPass[] = [];
  for (const bound of bounds) passes.push(await pass(database, env, bound));
  return passes;
}

export const isolationDataDir = (name: string) => path.resolve(`.tmp/bench/${name}`);

export function printIsolation(passes: IsolationPass[]) {
  console.log(
    `\n## Isolation (review F4): ${SEARCHERS} concurrent \`tickets?limit=200&q=ab\` of the large company from one session; another company's \`invoices?limit=20\`, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s of reads one after another, idle and loaded\n`,
  );
  console.log(
    '| Database | READ_CONCURRENCY | Idle p50 | Idle p95 | Loaded p50 | Loaded p95 | Loaded/idle (p50) | Reads idle / loaded | Searches done (p50) | Searches refused | Load avg (start, end) |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const p of passes) {
    console.log(
      `| ${p.database} | ${p.bound} | ${p.idle.medianMs} ms | ${p.idle.p95Ms} ms | ${p.loaded.medianMs} ms | ${p.loaded.p95Ms} ms | ${p.ratio}x | ${p.idle.reads} / ${p.loaded.reads} | ${p.searches.done} (${p.searches.medianMs} ms) | ${p.searches.refused} | ${p.loadAverage.join(', ')} |`,
    );
  }
}
