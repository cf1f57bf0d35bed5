// Where the browser tests find Chromium: CHROMIUM_PATH, Debian's headless shell, Playwright's
// own download, then Debian's full browser. The headless shell (what Playwright itself runs
// headless) ran the browser tests in 426 s where the full browser took 554 s (issue 34).
import fs from 'node:fs';
import { chromium } from '@playwright/test';

export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    safe(() => chromium.executablePath()),
    '/usr/bin/chromium',
  ];
  return candidates.find((p) => p && fs.existsSync(p)) ?? null;
}

function safe(fn) {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/** Flags Chromium needs on a locked-down machine with no network beyond loopback. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
