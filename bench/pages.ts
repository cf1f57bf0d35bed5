import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { paths, publicRoutes } from '../src/shared/routes.ts';
import type { AppServerInfo } from './app-server.ts';
import { startChild, type Child } from './processes.ts';
import { median } from './stats.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const clientDir = path.resolve('dist/client');
const FLOOR_DIR = 'bench-floor';
/** Lighthouse runs per page and per floor, interleaved (BENCH_RUNS, default 5). */
export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));

/**
 * Gzip bytes a page loads. `js` is every script loaded with nobody touching the page (after
 * the load event, the browser idle and the network quiet); `jsBeforePaint` the scripts
 * requested before the first contentful paint, `jsByLoad` those requested before the load
 * event (the critical path).
 */
export type Weight = {
  html: number;
  js: number;
  jsBeforePaint: number;
  jsByLoad: number;
  css: number;
  total: number;
  requests: number;
};
/** The four category scores, with the metrics that explain LCP (simulated mobile, ms). */
export type Scores = Record<(typeof CATEGORIES)[number], number | undefined> & {
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** LCP as it happened on this machine, before the mobile simulation. */
  observedLcpMs: number;
};
/** Several runs of one URL: every run's scores, and what the median-LCP run says of its LCP. */
export type Audited = { runs: Scores[]; lcpElement: string; lcpPhases: string };
export type PageRow = {
  page: string;
  path: string;
  weight: Weight;
  lighthouse: Audited;
  floor: { weight: Weight; lighthouse: Audited };
};

/** Who opens a page: nobody (a public page), the demo customer's admin, or a staff admin. */
type Reader = 'anonymous' | 'customer' | 'staff';
type PageSpec = { name: string; path: string; reader: Reader };
/**
 * Every public route the router and the prerenderer know, the help center and one of the demo's
 * public articles (rendered per request from the build's template, ADR 078), then the signed-in
 * screens (issue 42).
 */
const ALL_PAGES: PageSpec[] = [
  ...publicRoutes.map((route) => ({
    name: route === '/' ? 'home' : route.replace(/^\//, '').replace(/\//g, '-'),
    path: route,
    reader: 'anonymous' as const,
  })),
  { name: 'help', path: paths.help, reader: 'anonymous' },
  {
    name: 'help-article',
    path: paths.helpArticle('reset-a-forgotten-password'),
    reader: 'anonymous',
  },
  ...(['dashboard', 'invoices', 'tickets', 'projects', 'documents', 'profile'] as const).map(
    (screen) => ({ name: screen, path: paths[screen], reader: 'customer' as const }),
  ),
  { name: 'helpdesk', path: paths.staff, reader: 'staff' },
];
/** BENCH_PAGES=home,contact narrows a run (for investigating one page). */
const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.name)) : ALL_PAGES;

export async function ensureBuilt() {
  try {
    await fs.access(path.join(clientDir, 'index.html'));
  } catch {
    console.error('Building the client (dist/client is missing)...');
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  }
}

/** Removes what runs (scripts, module preloads); keeps data such as JSON-LD. */
export function staticCopy(html: string): string {
  return html
    .replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/gi, '');
}

/**
 * What a page loads with nobody touching it, by phase; and its HTML: as it was sent, or with
 * `rendered`, as the page stands once idle (a signed-in screen arrives as an empty shell: its
 * floor is the same screen with its data as static HTML).
 */
async function weigh(
  browser: Browser,
  url: string,
  cookie?: string,
  rendered = false,
): Promise<{ weight: Weight; served: string }> {
  const context = await browser.newContext();
  if (cookie) {
    const [name, value] = cookie.split(/=(.*)/s);
    // Given a page URL, Playwright scopes the cookie to that page's folder (/portal/), so
    // /api/auth/user would go without it: the site root gives it the server's Path=/.
    await context.addCookies([
      { name: name ?? '', value: value ?? '', url: new URL('/', url).href },
    ]);
  }
  const page = await context.newPage();
  const weight: Weight = {
    html: 0,
    js: 0,
    jsBeforePaint: 0,
    jsByLoad: 0,
    css: 0,
    total: 0,
    requests: 0,
  };
  const scripts = new Map<string, number>();
  const pending: Promise<void>[] = [];
  let served = '';
  page.on('response', (res) => {
    const type = res.request().resourceType();
    const key =
      type === 'document'
        ? 'html'
        : type === 'script'
          ? 'js'
          : type === 'stylesheet'
            ? 'css'
            : null;
    if (!key) return;
    pending.push(
      res.body().then(
        (body) => {
          const size = gzipSync(body).length;
          weight[key] += size;
          weight.requests++;
          if (key === 'js') scripts.set(res.url(), size);
          if (key === 'html' && res.url() === url) served = body.toString('utf8');
        },
        () => {},
      ),
    );
  });
  await page.goto(url, { waitUntil: 'load' });
  // Nobody touches the page: let it go idle and the network fall quiet, twice.
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })),
  );
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  if (rendered) served = await page.content();
  // When each script was asked for, against first paint and the load event (this page's clock).
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    return {
      fcp: fcp ?? Infinity,
      load: nav.loadEventStart,
      starts: performance
        .getEntriesByType('resource')
        .map((e) => [e.name, e.startTime] as [string, number]),
    };
  });
  for (const [name, start] of timing.starts) {
    const size = scripts.get(name);
    if (size === undefined) continue;
    if (start < timing.fcp) weight.jsBeforePaint += size;
    if (start < timing.load) weight.jsByLoad += size;
  }
  weight.total = weight.html + weight.js + weight.css;
  await context.close();
  return { weight, served };
}

/** The session cookie a reader sends: none on a public page. */
const cookieOf = (info: AppServerInfo, reader: Reader) =>
  reader === 'customer' ? info.cookie : reader === 'staff' ? info.staffCookie : undefined;

/** Where each page's full Lighthouse report goes (git-ignored), to read its failing audits. */
const reportFile = (name: string) => path.resolve('bench/results', `lighthouse-${name}.json`);

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * One Lighthouse run; `all` adds accessibility, best practices and SEO to performance (they
 * do not change from run to run, performance does: the repeated runs skip them).
 */
async function auditOnce(
  port: number,
  url: string,
  cookie: string | undefined,
  all: boolean,
  attempt = 1,
): Promise<{ scores: Scores; lhr: Lhr | undefined } | null> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: all ? [...CATEGORIES] : ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const failure = result?.lhr.runtimeError;
  if (failure) {
    // A run can fail on a loaded machine (no first paint in time): try again once. A run that
    // failed twice is no measurement: it is left out, never counted as a score of 0.
    console.error(`Lighthouse ${url}: ${failure.code} ${failure.message}`);
    if (attempt < 2) return auditOnce(port, url, cookie, all, attempt + 1);
    return null;
  }
  const lhr = result?.lhr;
  const categories = lhr?.categories ?? {};
  const metric = (id: string) => Math.round(lhr?.audits[id]?.numericValue ?? 0);
  const observed = (lhr?.audits.metrics?.details as { items?: Record<string, number>[] })
    ?.items?.[0]?.observedLargestContentfulPaint;
  return {
    lhr,
    scores: {
      ...(Object.fromEntries(
        CATEGORIES.map((c) => [
          c,
          categories[c] ? Math.round((categories[c].score ?? 0) * 100) : undefined,
        ]),
      ) as Record<(typeof CATEGORIES)[number], number | undefined>),
      lcpMs: metric('largest-contentful-paint'),
      fcpMs: metric('first-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      observedLcpMs: Math.round(observed ?? 0),
    },
  };
}

/** The LCP element and its phases (TTFB, load delay, load time, render delay) of one report. */
function lcpDetails(lhr: Lhr | undefined): { lcpElement: string; lcpPhases: string } {
  type Table = { items?: Record<string, unknown>[] };
  const tables =
    (lhr?.audits['largest-contentful-paint-element']?.details as { items?: Table[] })?.items ?? [];
  const node = tables[0]?.items?.[0]?.node as { selector?: string; nodeLabel?: string } | undefined;
  const phases = (tables[1]?.items ?? [])
    .map((p) => `${String(p.phase)} ${Math.round(Number(p.timing))}`)
    .join(', ');
  return {
    lcpElement: node ? `${node.selector ?? ''} "${(node.nodeLabel ?? '').slice(0, 40)}"` : '',
    lcpPhases: phases,
  };
}

/** The run whose LCP is the median (the lower middle one for an even count); none without runs. */
function medianRun<T extends { scores: Scores }>(runs: T[]): T | undefined {
  const sorted = [...runs].sort((a, b) => a.scores.lcpMs - b.scores.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * The floor of a page: its HTML as the server sent it without the scripts, served as a file
 * with the same compression as a page (Brotli 5, gzip 6), its stylesheet the same file.
 */
async function writeFloor(name: string, served: string) {
  const dir = path.join(clientDir, FLOOR_DIR);
  const body = Buffer.from(staticCopy(served));
  const file = path.join(dir, `${name}.html`);
  await fs.writeFile(file, body);
  await fs.writeFile(`${file}.gz`, gzipSync(body, { level: 6 }));
  await fs.writeFile(
    `${file}.br`,
    brotliCompressSync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  );
}

/** Each page next to a static copy of what it was sent, served by the same server. */
export async function benchPages(env: Record<string, string>): Promise<PageRow[]> {
  await ensureBuilt();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  let server: Child<AppServerInfo> | null = null;
  try {
    // First pass: weigh the real pages and keep the HTML they were sent as their floor.
    server = await startChild<AppServerInfo>('app-server.ts', { ...env, BENCH_FRESH: '1' });
    const measured = [];
    await fs.mkdir(path.join(clientDir, FLOOR_DIR), { recursive: true });
    for (const spec of PAGES) {
      const url = `http://127.0.0.1:${server.info.port}${spec.path}`;
      const { weight, served } = await weigh(
        browser,
        url,
        cookieOf(server.info, spec.reader),
        spec.reader !== 'anonymous',
      );
      await writeFloor(spec.name, served);
      measured.push({ spec, weight });
    }
    await server.stop();

    // Second pass: the static server only registers files present at start.
    server = await startChild<AppServerInfo>('app-server.ts', env);
    const { port } = server.info;
    const info = server.info;
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const rows: PageRow[] = [];
    await fs.mkdir(path.dirname(reportFile('any')), { recursive: true });
    try {
      for (const m of measured) {
        const url = `http://127.0.0.1:${port}${m.spec.path}`;
        const floorUrl = `http://127.0.0.1:${port}/${FLOOR_DIR}/${m.spec.name}.html`;
        const signed = cookieOf(info, m.spec.reader);
        // Page and floor interleaved, the first of each pair alternating, so a busy moment
        // of the shared machine falls on both.
        const pageRuns = [];
        const floorRuns = [];
        for (let run = 0; run < RUNS; run++) {
          const pageFirst = run % 2 === 0;
          const all = run === 0;
          if (pageFirst) pageRuns.push(await auditOnce(chrome.port, url, signed, all));
          floorRuns.push(await auditOnce(chrome.port, floorUrl, undefined, all));
          if (!pageFirst) pageRuns.push(await auditOnce(chrome.port, url, signed, all));
        }
        const pageOk = pageRuns.filter((r) => r !== null);
        const floorOk = floorRuns.filter((r) => r !== null);
        const pageMedian = medianRun(pageOk);
        const floorMedian = medianRun(floorOk);
        if (pageMedian?.lhr)
          await fs.writeFile(reportFile(m.spec.name), JSON.stringify(pageMedian.lhr));
        if (floorMedian?.lhr)
          await fs.writeFile(reportFile(`${m.spec.name}-floor`), JSON.stringify(floorMedian.lhr));
        rows.push({
          page: m.spec.name,
          path: m.spec.path,
          weight: m.weight,
          lighthouse: { runs: pageOk.map((r) => r.scores), ...lcpDetails(pageMedian?.lhr) },
          floor: {
            weight: (await weigh(browser, floorUrl)).weight,
            lighthouse: { runs: floorOk.map((r) => r.scores), ...lcpDetails(floorMedian?.lhr) },
          },
        });
        console.error(`pages: ${m.spec.path} done`);
      }
    } finally {
      chrome.kill();
    }
    return rows;
  } finally {
    await server?.stop();
    await browser.close();
    await fs.rm(path.join(clientDir, FLOOR_DIR), { recursive: true, force: true });
  }
}

/** Median LCP of the runs, and the ratio of the page's median to the floor's. */
export function lcpSummary(row: PageRow) {
  const page = median(row.lighthouse.runs.map((r) => r.lcpMs));
  const floor = median(row.floor.lighthouse.runs.map((r) => r.lcpMs));
  return { page, floor, ratio: floor ? page / floor : 0 };
}
