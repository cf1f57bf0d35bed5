// Where the browser tests find Chromium: CHROMIUM_PATH, Playwright's own download, then Debian's.
import fs from 'node:fs';
import { chromium } from '@playwright/test';

export function findChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
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
