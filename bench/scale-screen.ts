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
  /**
   * The last keystroke's input event to the server's results painted (the first row holds the
   * searched word): the 200 ms pause before the search is sent, the request and the render.
   */
  resultsMs: number | null;
};

/** Typed one key at a time into "Search invoices" unless the bench names another word. */
const SEARCH = 'wireless';

type Probe = {
  rowsAt: number | null;
  keystrokes: number[];
  lastInputAt: number | null;
  resultsAt: number | null;
};
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
  const probe: Probe = { rowsAt: null, keystrokes: [], lastInputAt: null, resultsAt: null };
  window.scaleProbe = probe;
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[role="region"][aria-label="Invoices"] tbody td')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (probe.rowsAt = performance.now()), 0));
  }).observe(document, { childList: true, subtree: true });
  // Capture phase: runs before React's listener, so the re-render falls inside the span.
  document.addEventListener(
    'input',
    (event) => {
      probe.lastInputAt = event.timeStamp;
      requestAnimationFrame(() =>
        setTimeout(() => probe.keystrokes.push(performance.now() - event.timeStamp), 0),
      );
    },
    true,
  );
}

export async function benchInvoicesScreen(
  baseUrl: string,
  cookie: string,
  word: string = SEARCH,
): Promise<ScreenFigures> {
  await ensureBuilt();
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: chromiumArgs,
  });
  try {
    // A browser's first page on a new machine builds its font cache (tens of seconds): done
    // here, in a context of its own, so the timed navigation starts warm and shares no cache.
    const warm = await browser.newContext();
    await (await warm.newPage()).setContent('<p style="font-family:sans-serif">warm</p>');
    await warm.close();
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
        .find((e) => /\/invoices(\?|$)/.test(e.name)) as PerformanceResourceTiming | undefined;
      return {
        rowsAt: window.scaleProbe.rowsAt ?? 0,
        dataAt: invoicesCall?.responseEnd ?? 0,
      };
    });

    const search = page.getByRole('searchbox', { name: 'Search invoices' });
    await search.click();
    // Results are painted when the first row holds the word: watched from the last keystroke.
    await page.evaluate((w) => {
      const probe = window.scaleProbe;
      new MutationObserver((_, observer) => {
        const first = document.querySelector('[role="region"][aria-label="Invoices"] tbody tr');
        if (!first?.textContent?.toLowerCase().includes(w.toLowerCase())) return;
        if (probe.keystrokes.length < w.length) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (probe.resultsAt = performance.now()), 0));
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, word);
    for (const [i, key] of [...word].entries()) {
      await page.keyboard.press(key);
      await page.waitForFunction((n) => window.scaleProbe.keystrokes.length > n, i);
    }
    const resultsAt = await page
      .waitForFunction(() => window.scaleProbe.resultsAt, undefined, { timeout: 10_000 })
      .then(() =>
        page.evaluate(() => window.scaleProbe.resultsAt! - window.scaleProbe.lastInputAt!),
      )
      .catch(() => null);
    const keystrokes = await page.evaluate(() => window.scaleProbe.keystrokes);
    return {
      navigationToRowsMs: round1(rowsAt),
      dataToRowsMs: round1(rowsAt - dataAt),
      keystrokes: keystrokes.map(round1),
      keystrokeMedianMs: round1(median(keystrokes)),
      keystrokeMaxMs: round1(Math.max(...keystrokes)),
      resultsMs: resultsAt === null ? null : round1(resultsAt),
    };
  } finally {
    await browser.close();
  }
}
