import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { AppServerInfo } from './app-server.ts';
import { startChild, type Child } from './processes.ts';

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

export type Weight = { html: number; js: number; css: number; total: number; requests: number };
/** The four category scores, and the largest contentful paint in ms (simulated mobile). */
export type Scores = Record<(typeof CATEGORIES)[number], number> & { lcpMs: number };
export type PageRow = {
  page: string;
  path: string;
  weight: Weight;
  lighthouse: Scores;
  floor: { weight: Weight; lighthouse: Scores };
};

type PageSpec = { name: string; path: string; signedIn: boolean };
const PAGES: PageSpec[] = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'service', path: '/services/cybersecurity', signedIn: false },
  { name: 'contact', path: '/contact', signedIn: false },
  { name: 'services', path: '/services', signedIn: false },
  { name: 'about', path: '/about', signedIn: false },
  { name: 'dashboard', path: '/portal/dashboard', signedIn: true },
];

export async function ensureBuilt() {
  try {
    await fs.access(path.join(clientDir, 'index.html'));
  } catch {
    console.error('Building the client (dist/client is missing)...');
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  }
}

/** gzip bytes of the HTML, JS and CSS a page actually loads, plus its rendered markup. */
async function weigh(
  browser: Browser,
  url: string,
  cookie?: string,
): Promise<{ weight: Weight; markup: string }> {
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
  const weight: Weight = { html: 0, js: 0, css: 0, total: 0, requests: 0 };
  const pending: Promise<void>[] = [];
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
          weight[key] += gzipSync(body).length;
          weight.requests++;
        },
        () => {},
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  weight.total = weight.html + weight.js + weight.css;
  // The floor: the same rendered content with no script at all.
  const markup = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/gi, '');
  await context.close();
  return { weight, markup };
}

/** Where each page's full Lighthouse report goes (git-ignored), to read its failing audits. */
const reportFile = (name: string) => path.resolve('bench/results', `lighthouse-${name}.json`);

async function audit(
  port: number,
  url: string,
  cookie?: string,
  report?: string,
  attempt = 1,
): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const failure = result?.lhr.runtimeError;
  if (failure) {
    // A run can fail on a loaded machine (no first paint in time): try again once.
    console.error(`Lighthouse ${url}: ${failure.code} ${failure.message}`);
    if (attempt < 2) return audit(port, url, cookie, report, attempt + 1);
  }
  if (result && report) await fs.writeFile(reportFile(report), JSON.stringify(result.lhr));
  const categories = result?.lhr.categories ?? {};
  return {
    ...(Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
    ) as Record<(typeof CATEGORIES)[number], number>),
    lcpMs: Math.round(result?.lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
  };
}

/** Each page next to a static copy of its rendered content, served by the same server. */
export async function benchPages(env: Record<string, string>): Promise<PageRow[]> {
  await ensureBuilt();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS.slice(1) });
  let server: Child<AppServerInfo> | null = null;
  try {
    // First pass: weigh the real pages and keep their rendered markup as the floor.
    server = await startChild<AppServerInfo>('app-server.ts', { ...env, BENCH_FRESH: '1' });
    const measured = [];
    for (const spec of PAGES) {
      const url = `http://127.0.0.1:${server.info.port}${spec.path}`;
      measured.push({
        spec,
        ...(await weigh(browser, url, spec.signedIn ? server.info.cookie : undefined)),
      });
    }
    await server.stop();
    await fs.mkdir(path.join(clientDir, FLOOR_DIR), { recursive: true });
    for (const m of measured)
      await fs.writeFile(path.join(clientDir, FLOOR_DIR, `${m.spec.name}.html`), m.markup);

    // Second pass: the static server only registers files present at start.
    server = await startChild<AppServerInfo>('app-server.ts', env);
    const { port, cookie } = server.info;
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const rows: PageRow[] = [];
    await fs.mkdir(path.dirname(reportFile('any')), { recursive: true });
    try {
      for (const m of measured) {
        const url = `http://127.0.0.1:${port}${m.spec.path}`;
        const floorUrl = `http://127.0.0.1:${port}/${FLOOR_DIR}/${m.spec.name}.html`;
        const signed = m.spec.signedIn ? cookie : undefined;
        rows.push({
          page: m.spec.name,
          path: m.spec.path,
          weight: m.weight,
          lighthouse: await audit(chrome.port, url, signed, m.spec.name),
          floor: {
            weight: (await weigh(browser, floorUrl)).weight,
            lighthouse: await audit(chrome.port, floorUrl),
          },
        });
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
