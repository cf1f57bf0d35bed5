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
/** Probe reads per round and side. */
const PROBES = Number(process.env.BENCH_ISOLATION_PROBES ?? 40);
const PROBE_EMAIL = 'jordan.lee@acme-logistics.example';
/** As the app runs without the bound: out of reach. */
const UNBOUNDED = '1000000000';

export type IsolationPass = {
  database: string;
  /** READ_CONCURRENCY, or "off". */
  bound: string;
  idle: { medianMs: number; p95Ms: number };
  loaded: { medianMs: number; p95Ms: number };
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

/** One app server, with READ_CONCURRENCY `bound`; seeds the large company when `fresh`. */
async function pass(
  database: string,
  env: Record<string, string>,
  bound: string,
  fresh: boolean,
): Promise<IsolationPass> {
  const app = await startChild<AppServerInfo>('app-server.ts', {
    ...env,
    BENCH_FRESH: fresh ? '1' : '0',
    BENCH_LARGE: '1',
    BENCH_PROBE_EMAIL: PROBE_EMAIL,
    BENCH_READ_CONCURRENCY: bound,
  });
  const { port, cookie, customerId, probe } = app.info;
  if (!probe) throw new Error('the app server signed in no probe user');
  const base = `http://127.0.0.1:${port}/api/customers`;
  const search = `${base}/${customerId}/tickets?limit=200&q=ab`;
  const invoices = `${base}/${probe.customerId}/invoices?limit=20`;
  const loadBefore = round1(os.loadavg()[0] ?? 0);
  const probeRound = async () => {
    const times: number[] = [];
    for (let i = 0; i < PROBES; i++) {
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
      idle: { medianMs: idleMedian, p95Ms: round1(p95(idle)) },
      loaded: { medianMs: loadedMedian, p95Ms: round1(p95(loaded)) },
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

/** Bound off, then the default bound (and 1), on one seeded database. */
export async function benchIsolation(
  database: string,
  env: Record<string, string>,
): Promise<IsolationPass[]> {
  const bounds = (process.env.BENCH_ISOLATION_BOUNDS ?? `${UNBOUNDED},2,1`).split(',');
  const passes: IsolationPass[] = [];
  for (const [i, bound] of bounds.entries()) {
    passes.push(await pass(database, env, bound, i === 0));
  }
  return passes;
}

export const isolationDataDir = (name: string) => path.resolve(`.tmp/bench/${name}`);

export function printIsolation(passes: IsolationPass[]) {
  console.log(
    `\n## Isolation (review F4): ${SEARCHERS} concurrent \`tickets?limit=200&q=ab\` of the large company from one session; another company's \`invoices?limit=20\`, ${ROUNDS} alternating rounds of ${PROBES} reads idle and loaded\n`,
  );
  console.log(
    '| Database | READ_CONCURRENCY | Idle p50 | Idle p95 | Loaded p50 | Loaded p95 | Loaded/idle (p50) | Searches done (p50) | Searches refused | Load avg (start, end) |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const p of passes) {
    console.log(
      `| ${p.database} | ${p.bound} | ${p.idle.medianMs} ms | ${p.idle.p95Ms} ms | ${p.loaded.medianMs} ms | ${p.loaded.p95Ms} ms | ${p.ratio}x | ${p.searches.done} (${p.searches.medianMs} ms) | ${p.searches.refused} | ${p.loadAverage.join(', ')} |`,
    );
  }
}
