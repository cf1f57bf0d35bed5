import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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
  test(`${route} loads at most 15 KB of gzipped JavaScript before any interaction, and no portal code after`, async ({
    page,
  }) => {
    expect(portalChunks.length).toBeGreaterThan(0);
    const scripts = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'))
        scripts.add(path.basename(url.pathname));
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    const total = [...scripts].reduce((sum, file) => sum + gzipSize(file), 0);
    expect(total).toBeLessThanOrEqual(15 * 1024);
    // The island wakes on first interaction: React and its code arrive, the portal's never.
    await page.locator(island).focus();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => scripts.size).toBeGreaterThan(2);
    expect([...scripts].filter((s) => portalChunks.includes(s))).toEqual([]);
  });
}
