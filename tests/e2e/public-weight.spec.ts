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

for (const route of ['/', '/services/hardware-procurement', '/contact']) {
  test(`${route} downloads no portal code and under 100 KB of gzipped JavaScript`, async ({
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
    expect([...scripts].filter((s) => portalChunks.includes(s))).toEqual([]);
    const total = [...scripts].reduce((sum, file) => sum + gzipSize(file), 0);
    expect(total).toBeLessThan(100 * 1024);
  });
}
