// Issue 17's attachment figures for `npm run bench attachments`: a conversation of 200
// replies carrying 50 image attachments (uploaded through the API, thumbnails made by the
// server as for any upload) opened through the API and in Chromium; and the server's
// resident memory while a 25 MB file streams in (sampled from /proc, outside its process).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { chromiumArgs, findChromium } from '../scripts/chromium.mjs';
import type { AppServerInfo } from './app-server.ts';
import { ensureBuilt } from './pages.ts';
import { startChild } from './processes.ts';
import { median, round1 } from './stats.ts';

const REPLIES = 200;
const IMAGES = 50;
const SAMPLES = 20;
const UPLOAD_BYTES = 25 * 1024 * 1024;

export type AttachmentBench = {
  database: string;
  /** p50 of the two reads the dialog makes: the ticket list page (with its conversation) and its files. */
  listMs: number;
  attachmentsMs: number;
  openServerMs: number;
  /** p50 of one thumbnail download, and all 50 one after another. */
  thumbnailMs: number;
  allThumbnailsMs: number;
  /** Click on the row to the dialog painted with its 200 replies and the thumbnails in view loaded. */
  paintMs: number;
  uploadSeconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssGrowthMb: number;
};

const mb = (bytes: number) => round1(bytes / 2 ** 20);

async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function timed(run: () => Promise<Response>): Promise<number> {
  const start = performance.now();
  const res = await run();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`bench request failed: ${res.status}`);
  return performance.now() - start;
}

function form(data: unknown, files: { name: string; type: string; data: Buffer }[]) {
  const body = new FormData();
  body.append('data', JSON.stringify(data));
  for (const f of files)
    body.append('files', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  return body;
}

export async function benchAttachments(
  label: string,
  env: Record<string, string>,
): Promise<AttachmentBench> {
  await ensureBuilt();
  const app = await startChild<AppServerInfo>('app-server.ts', {
    BENCH_FRESH: '1',
    BENCH_RATE_LIMIT_SCALE: '100',
    ...env,
  });
  try {
    const { port, cookie, customerId } = app.info;
    const base = `http://127.0.0.1:${port}`;
    const api = `${base}/api/customers/${customerId}/tickets`;
    const headers = { cookie };
    const subject = `Bench conversation ${Date.now()}`;
    const created = await fetch(api, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject,
        description: 'Fifty screenshots follow.',
        category: 'Hardware',
        department: 'IT Support',
      }),
    });
    const ticketId = ((await created.json()) as { id: string }).id;
    // First, on a server that has not yet decoded any image: a warm-up of 1 MB loads every
    // code path, then 25 MB of random bytes, the resident memory sampled every 10 ms.
    const sendFile = (bytes: number) =>
      fetch(`${api}/${ticketId}/replies`, {
        method: 'POST',
        headers,
        body: form({ message: 'The full log.' }, [
          { name: 'full.log', type: 'application/octet-stream', data: randomBytes(bytes) },
        ]),
      });
    await (await sendFile(2 ** 20)).arrayBuffer();
    const pid = app.process.pid!;
    await new Promise((r) => setTimeout(r, 500));
    const before = await rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => void rssOf(pid).then((r) => (peak = Math.max(peak, r))), 10);
    const started = performance.now();
    const res = await sendFile(UPLOAD_BYTES);
    await res.arrayBuffer();
    const uploadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, await rssOf(pid));
    if (res.status !== 201) throw new Error(`25 MB upload: ${res.status}`);
    // Every fourth reply carries a photo-like image (noise compresses badly, as photos do).
    for (let i = 0; i < REPLIES; i++) {
      const url = `${api}/${ticketId}/replies`;
      const message = `Reply ${i + 1}: what we saw on the screen at step ${i + 1}.`;
      const res =
        i % 4 === 0 && i / 4 < IMAGES
          ? await fetch(url, {
              method: 'POST',
              headers,
              body: form({ message }, [
                {
                  name: `screen-${i}.jpg`,
                  type: 'image/jpeg',
                  data: await sharp({
                    create: {
                      width: 1600,
                      height: 1000,
                      channels: 3,
                      background: '#4477aa',
                      noise: { type: 'gaussian', mean: 128, sigma: 40 },
                    },
                  })
                    .jpeg({ quality: 80 })
                    .toBuffer(),
                },
              ]),
            })
          : await fetch(url, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ message }),
            });
      if (res.status !== 201) throw new Error(`reply ${i}: ${res.status} ${await res.text()}`);
    }

    const listUrl = `${api}?q=${encodeURIComponent(subject)}`;
    const filesUrl = `${api}/${ticketId}/attachments`;
    const all = (await (await fetch(filesUrl, { headers })).json()) as {
      id: string;
      image: boolean;
    }[];
    const files = all.filter((f) => f.image);
    if (files.length !== IMAGES) throw new Error(`expected ${IMAGES} images, got ${files.length}`);
    const list: number[] = [];
    const attachments: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      list.push(await timed(() => fetch(listUrl, { headers })));
      attachments.push(await timed(() => fetch(filesUrl, { headers })));
    }
    const thumbs: number[] = [];
    for (const f of files)
      thumbs.push(await timed(() => fetch(`${filesUrl}/${f.id}?variant=thumb`, { headers })));

    const paintMs = await paintTime(base, cookie, subject);

    return {
      database: label,
      listMs: round1(median(list)),
      attachmentsMs: round1(median(attachments)),
      openServerMs: round1(median(list) + median(attachments)),
      thumbnailMs: round1(median(thumbs)),
      allThumbnailsMs: round1(thumbs.reduce((a, b) => a + b, 0)),
      paintMs,
      uploadSeconds: round1(uploadSeconds),
      rssBeforeMb: mb(before),
      rssPeakMb: mb(peak),
      rssGrowthMb: mb(peak - before),
    };
  } finally {
    await app.stop();
  }
}

/** In Chromium: the tickets screen, then the time from the row's click to the conversation painted. */
async function paintTime(base: string, cookie: string, subject: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: chromiumArgs,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name = '', value = ''] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/portal/tickets`);
    const row = page.getByRole('row').filter({ hasText: subject });
    await row.waitFor();
    await page.evaluate(() => (window.benchClickAt = performance.now()));
    await row.getByRole('button').first().click();
    const handle = await page.waitForFunction(
      (replies) => {
        const dialog = document.querySelector('[role=dialog]');
        const items = dialog?.querySelectorAll('ol[aria-label=Conversation] > li').length ?? 0;
        const thumbs = [
          ...(dialog?.querySelectorAll('ul[aria-label=Images] img') ?? []),
        ] as HTMLImageElement[];
        if (items < replies || thumbs.length === 0) return false;
        const inView = thumbs.filter((img) => {
          const r = img.getBoundingClientRect();
          return r.bottom > 0 && r.top < innerHeight;
        });
        if (!inView.every((img) => img.complete && img.naturalWidth > 0)) return false;
        return performance.now() - (window.benchClickAt ?? 0);
      },
      REPLIES,
      { polling: 'raf' },
    );
    return round1(Number(await handle.jsonValue()));
  } finally {
    await browser.close();
  }
}

declare global {
  interface Window {
    benchClickAt?: number;
  }
}

export function printAttachments(rows: AttachmentBench[]) {
  console.log(
    `\n## Attachments (issue 17): a ticket of ${REPLIES} replies with ${IMAGES} images; a 25 MB upload\n`,
  );
  console.log(
    '| Database | List page p50 | Files p50 | Open (server) | Thumbnail p50 | 50 thumbnails | Click to painted | 25 MB upload | RSS before | RSS peak | RSS growth |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows)
    console.log(
      `| ${r.database} | ${r.listMs} ms | ${r.attachmentsMs} ms | ${r.openServerMs} ms | ${r.thumbnailMs} ms | ${r.allThumbnailsMs} ms | ${r.paintMs} ms | ${r.uploadSeconds} s | ${r.rssBeforeMb} MB | ${r.rssPeakMb} MB | ${r.rssGrowthMb} MB |`,
    );
}

export const attachmentsDataDir = (name: string) => path.resolve('.tmp/bench', name);
