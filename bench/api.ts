import autocannon, { type Result } from 'autocannon';
import type { AppServerInfo } from './app-server.ts';
import type { BareResponse } from './bare-server.ts';
import { startChild } from './processes.ts';
import { median } from './stats.ts';

export type Figures = { rps: number; p50: number; p99: number; non2xx: number; errors: number };
export type ApiRow = {
  database: string;
  endpoint: string;
  app: Figures | null;
  bare: Figures | null;
  ratio: number | null;
  note?: string;
};

const CONNECTIONS = 100;
/** Each side's rounds and their length; the report's heading names them too. */
export const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const figures = (r: Result): Figures => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

const run = (url: string, headers: Record<string, string>, duration: number) =>
  autocannon({ url, headers, connections: CONNECTIONS, duration });

/** Each figure's median over the rounds; refusals and errors of every round are counted. */
function combine(rounds: Figures[]): Figures {
  const mid = (pick: (f: Figures) => number) => median(rounds.map(pick));
  const total = (pick: (f: Figures) => number) => rounds.reduce((sum, f) => sum + pick(f), 0);
  return {
    rps: Math.round(mid((f) => f.rps)),
    p50: mid((f) => f.p50),
    p99: mid((f) => f.p99),
    non2xx: total((f) => f.non2xx),
    errors: total((f) => f.errors),
  };
}

/**
 * The app and the floor in alternating rounds, after a short uncounted warm-up of each (JIT,
 * connection pool): a neighbour's burst on this shared machine then falls on one round of
 * one side, and the median sets it aside, instead of deciding the ratio.
 */
export async function loadSideBySide(
  app: { url: string; headers: Record<string, string> },
  bare: { url: string },
): Promise<{ app: Figures; bare: Figures }> {
  await run(app.url, app.headers, 2);
  await run(bare.url, {}, 2);
  const appRounds: Figures[] = [];
  const bareRounds: Figures[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    appRounds.push(figures(await run(app.url, app.headers, ROUND_SECONDS)));
    bareRounds.push(figures(await run(bare.url, {}, ROUND_SECONDS)));
  }
  return { app: combine(appRounds), bare: combine(bareRounds) };
}

/** Headers node:http adds by itself for every response. */
const TRANSPORT_HEADERS = new Set([
  'connection',
  'content-length',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

/** The app's own headers (security set, request id, type), for the floor to send too. */
export function answeredHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)));
}

/** The portal's lists, each read as its screen reads its first page. */
export const LISTS = ['invoices', 'projects', 'tickets', 'documents'] as const;
/** BENCH_ENDPOINTS=health,invoices narrows a run; every endpoint by default. */
const ENDPOINTS = ['health', 'user', 'dashboard', ...LISTS];
const chosen = process.env.BENCH_ENDPOINTS?.split(',').filter(Boolean) ?? ENDPOINTS;

/**
 * Each endpoint against the app, then against node:http answering the same bytes. `only`
 * narrows it (the 100,000-row company's run: its lists).
 */
export async function benchApi(
  database: string,
  env: Record<string, string>,
  only: readonly string[] = chosen,
): Promise<ApiRow[]> {
  // NODE_ENV in the process too, as `npm start` in production has it (libraries read it there).
  const app = await startChild<AppServerInfo>('app-server.ts', {
    ...env,
    NODE_ENV: 'production',
    BENCH_FRESH: '1',
  });
  const { port, cookie, customerId } = app.info;
  const company = `/api/customers/${customerId}`;
  const signedIn = { cookie };
  const all: { key: string; name: string; path: string; headers: Record<string, string> }[] = [
    { key: 'health', name: 'GET /api/health', path: '/api/health', headers: {} },
    {
      key: 'user',
      name: 'GET /api/auth/user (signed in)',
      path: '/api/auth/user',
      headers: signedIn,
    },
    {
      key: 'dashboard',
      name: 'GET dashboard (signed in)',
      path: `${company}/dashboard`,
      headers: signedIn,
    },
    // Each portal list's first page as its screen asks for it (issue 42).
    ...LISTS.map((list) => ({
      key: list,
      name: `GET ${list} (signed in)`,
      path: `${company}/${list}`,
      headers: signedIn,
    })),
  ];
  const endpoints = all.filter((e) => only.includes(e.key));
  const rows: ApiRow[] = [];
  try {
    for (const e of endpoints) {
      const url = `http://127.0.0.1:${port}${e.path}`;
      const sample = await fetch(url, { headers: e.headers });
      const body = await sample.text();
      if (!sample.ok) {
        rows.push({
          database,
          endpoint: e.name,
          app: null,
          bare: null,
          ratio: null,
          note: `answers ${sample.status}: not built yet`,
        });
        continue;
      }
      const bare = await startChild<{ port: number }>('bare-server.ts', {}, {
        status: sample.status,
        headers: answeredHeaders(sample.headers),
        body,
      } satisfies BareResponse);
      const { app: appFigures, bare: bareFigures } = await loadSideBySide(
        { url, headers: e.headers },
        { url: `http://127.0.0.1:${bare.info.port}${e.path}` },
      ).finally(() => bare.stop());
      rows.push({
        database,
        endpoint: e.name,
        app: appFigures,
        bare: bareFigures,
        ratio: Math.round((appFigures.rps / bareFigures.rps) * 1000) / 10,
      });
    }
  } finally {
    await app.stop();
  }
  return rows;
}
