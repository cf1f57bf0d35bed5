// The invoices screen with the large company's 10,000 invoices, in Chromium: how long until
// rows are painted, and how long a search keystroke takes from input event to next paint.
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from '../scripts/chromium.mjs';
import { ensureBuilt } from './pages.ts';
import { median, round1 } from './stats.ts';

export type ScreenFigures = {
  /** Navigation start to the first invoice rows painted (chunks, API call, render). */
  navigationToRowsMs: number;
  /** The invoices response fully received to rows painted (JSON parse and React render). */
  dataToRowsMs: number;
  keystrokes: number[];
  keystrokeMedianMs: number;
  keystrokeMaxMs: number;
};

/** Typed one key at a time into "Search invoices"; each narrows the 10,000 rows further. */
const SEARCH = 'wireless';

type Probe = { rowsAt: number | null; keystrokes: number[] };
declare global {
  interface Window {
    scaleProbe: Probe;
  }
}

/**
 * Runs in the page before its scripts: records paint times in `window.scaleProbe`.
 * A task queued from requestAnimationFrame runs once that frame has been painted.
 * No named inner functions: tsx would wrap them in a helper the page does not have.
 */
function installProbe() {
  const probe: Probe = { rowsAt: null, keystrokes: [] };
  window.scaleProbe = probe;
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[role="region"][aria-label="Invoices"] tbody td')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (probe.rowsAt = performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
  // Capture phase: runs before React's listener, so the re-render falls inside the span.
  document.addEventListener(
    'input',
    (event) =>
      requestAnimationFrame(() =>
        setTimeout(() => probe.keystrokes.push(performance.now() - event.timeStamp), 0),
      ),
    true,
  );
}

export async function benchInvoicesScreen(baseUrl: string, cookie: string): Promise<ScreenFigures> {
  await ensureBuilt();
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: chromiumArgs,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name = '', value = ''] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: baseUrl }]);
    const page = await context.newPage();
    await page.addInitScript(installProbe);
    await page.goto(`${baseUrl}/portal/invoices`);
    await page.waitForFunction(() => window.scaleProbe.rowsAt);
    const { rowsAt, dataAt } = await page.evaluate(() => {
      const invoicesCall = performance
        .getEntriesByType('resource')
        .find((e) => e.name.endsWith('/invoices')) as PerformanceResourceTiming | undefined;
      return {
        rowsAt: window.scaleProbe.rowsAt ?? 0,
        dataAt: invoicesCall?.responseEnd ?? 0,
      };
    });

    const search = page.getByRole('searchbox', { name: 'Search invoices' });
    await search.click();
    for (const [i, key] of [...SEARCH].entries()) {
      await page.keyboard.press(key);
      await page.waitForFunction((n) => window.scaleProbe.keystrokes.length > n, i);
    }
    const keystrokes = await page.evaluate(() => window.scaleProbe.keystrokes);
    return {
      navigationToRowsMs: round1(rowsAt),
      dataToRowsMs: round1(rowsAt - dataAt),
      keystrokes: keystrokes.map(round1),
      keystrokeMedianMs: round1(median(keystrokes)),
      keystrokeMaxMs: round1(Math.max(...keystrokes)),
    };
  } finally {
    await browser.close();
  }
}
