// The `--large` company's list endpoints: server time (from the app's own request log),
// response size and row count, then the invoices screen in Chromium (bench/scale-screen.ts).
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { AppServerInfo } from './app-server.ts';
import { startChild } from './processes.ts';
import { requestLog } from './request-log.ts';
import { benchInvoicesScreen, type ScreenFigures } from './scale-screen.ts';
import { median, round1 } from './stats.ts';

export const SERVER_TARGET_MS = 150;
export const KEYSTROKE_TARGET_MS = 50;
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 15);
const LISTS = ['invoices', 'projects', 'documents', 'tickets', 'activities', 'sites'] as const;

export type EndpointFigures = {
  database: string;
  endpoint: string;
  rows: number;
  bytes: number;
  /** Median and worst of `reply.elapsedTime` as the app logs it when the response is sent. */
  serverMedianMs: number;
  serverMaxMs: number;
  /** Median as the client sees it (loopback, includes reading the body). */
  clientMedianMs: number;
  /**
   * The app process's CPU time per request (user + system). With PGlite this includes
   * the database's work; with PostgreSQL that runs in the server, outside this figure.
   */
  appCpuMs: number;
};
export type ScaleResult = {
  /** 1-minute load average when the pass started: elapsed times mean little when it is high. */
  loadAverage: number;
  endpoints: EndpointFigures[];
  screen: ScreenFigures | null;
};

/** The child's `process.cpuUsage()`, asked for over IPC. */
function cpuUsage(child: ChildProcess): Promise<NodeJS.CpuUsage> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as NodeJS.CpuUsage));
    child.send('cpu-usage');
  });
}

/** Seeds the large company into a fresh database, times each list, then the invoices screen. */
export async function benchScale(
  database: string,
  env: Record<string, string>,
  { screen }: { screen: boolean },
): Promise<ScaleResult> {
  const loadAverage = round1(os.loadavg()[0] ?? 0);
  const app = await startChild<AppServerInfo>(
    'app-server.ts',
    { ...env, BENCH_FRESH: '1', BENCH_LARGE: '1' },
    undefined,
    { pipeStdout: true },
  );
  const log = requestLog(app.process.stdout);
  const { port, cookie, customerId } = app.info;
  try {
    const endpoints: EndpointFigures[] = [];
    for (const list of LISTS) {
      const url = `/api/customers/${customerId}/${list}`;
      const client: number[] = [];
      let body = '';
      let cpuBefore = await cpuUsage(app.process);
      // Two warm-up requests (JIT, plan cache) are logged but not counted.
      for (let i = 0; i < REQUESTS + 2; i++) {
        if (i === 2) cpuBefore = await cpuUsage(app.process);
        const started = performance.now();
        const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { cookie } });
        body = await res.text();
        if (!res.ok) throw new Error(`${url} answered ${res.status}: ${body.slice(0, 200)}`);
        if (i >= 2) client.push(performance.now() - started);
      }
      const cpuAfter = await cpuUsage(app.process);
      const cpuMs =
        (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1000 / REQUESTS;
      const server = (await log.first(url, REQUESTS + 2)).slice(2);
      endpoints.push({
        database,
        endpoint: `GET ${list}`,
        rows: (JSON.parse(body) as unknown[]).length,
        bytes: Buffer.byteLength(body),
        serverMedianMs: round1(median(server)),
        serverMaxMs: round1(Math.max(...server)),
        clientMedianMs: round1(median(client)),
        appCpuMs: round1(cpuMs),
      });
    }
    return {
      loadAverage,
      endpoints,
      screen: screen ? await benchInvoicesScreen(`http://127.0.0.1:${port}`, cookie) : null,
    };
  } finally {
    await app.stop();
  }
}
