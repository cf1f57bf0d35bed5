import { afterIslandIdle } from './fixtures/idle.ts';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ISLAND_CODE_LOADS } from '../../src/client/public/islands/load-policy.ts';
import { expect, test } from './fixtures/test.ts';

const assets = path.resolve('dist/client/assets');
const gzipSize = (file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
/** The portal's chunk: the one carrying the dashboard greeting of the spec. */
const portalChunks = fs
  .readdirSync(assets)
  .filter(
    (f) =>
      f.endsWith('.js') && fs.readFileSync(path.join(assets, f), 'utf8').includes('Welcome back'),
  );

const pages = [
  { route: '/', island: 'form#contact-form input[name="name"]' },
  { route: '/services/hardware-procurement', island: '#request-quote-button' },
  { route: '/contact', island: 'form#contact-form input[name="name"]' },
];

for (const { route, island } of pages) {
  test(`${route} requests no script before its load event, at most 15 KB or the island code on idle as ISLAND_CODE_LOADS says, and no portal code`, async ({
    page,
  }) => {
    expect(portalChunks.length).toBeGreaterThan(0);
    const scripts = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'))
        scripts.add(path.basename(url.pathname));
    });
    const weight = () => [...scripts].reduce((sum, file) => sum + gzipSize(file), 0);
    await page.goto(route, { waitUntil: 'load' });
    // Nobody touches the page: idle, then a quiet network.
    await page.evaluate(afterIslandIdle);
    await page.waitForLoadState('networkidle');
    // No script on the critical path: every one was asked for after the load event.
    const early = await page.evaluate(() => {
      const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js') && e.startTime < load.loadEventStart)
        .map((e) => e.name);
    });
    expect(early).toEqual([]);
    // The boot script came on idle; the islands' code with it only in 'idle' mode.
    await expect.poll(() => scripts.size).toBeGreaterThan(0);
    if (ISLAND_CODE_LOADS === 'interaction') expect(weight()).toBeLessThanOrEqual(15 * 1024);
    else await expect.poll(weight).toBeGreaterThan(15 * 1024);
    // Loaded or not, nothing is hydrated before the visitor reaches for an island.
    await expect(page.locator('[data-island="toaster"]')).toHaveCount(0);
    await page.locator(island).focus();
    await expect(page.locator('[data-island="toaster"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(weight()).toBeGreaterThan(15 * 1024);
    expect([...scripts].filter((s) => portalChunks.includes(s))).toEqual([]);
  });
}
