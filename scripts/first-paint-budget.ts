// Build step after `vite build` (issue 42, docs/decisions/080): the JavaScript each portal screen
// needs before it can paint, from Vite's manifest, against its budget; and no staff code in
// anything a customer's browser can load. Exits non-zero, failing the build, when either breaks.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's `.vite/manifest.json`. */
export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** Issue 42's target for every portal screen, in gzip KB: reached only with server rendering (ADR 080). */
export const FIRST_PAINT_TARGET_KB = 60;
export const PORTAL_ROUTES = 'src/client/portal/routes.tsx';
export const STAFF_ROUTES = 'src/client/staff/routes.tsx';
const STAFF_SOURCES = 'src/client/staff/';

/** The portal screens, by the module their lazy import names (portal/screens.tsx). */
export const PORTAL_SCREENS: Record<string, string> = {
  dashboard: 'src/client/portal/dashboard/dashboard-screen.tsx',
  invoices: 'src/client/portal/invoices/invoices-screen.tsx',
  projects: 'src/client/portal/projects/projects-screen.tsx',
  tickets: 'src/client/portal/tickets/tickets-screen.tsx',
  documents: 'src/client/portal/documents/documents-screen.tsx',
  profile: 'src/client/portal/profile/profile-screen.tsx',
};

/**
 * Gzip KB each screen may need before it paints: what client rendering reaches today, rounded
 * up (2026-11-29: 113, 172, 162, 163, 163, 185), so no change adds to it unnoticed. Lower them
 * as code leaves first paint; FIRST_PAINT_TARGET_KB needs the shell rendered by the server.
 */
export const FIRST_PAINT_BUDGETS_KB: Record<keyof typeof PORTAL_SCREENS, number> = {
  dashboard: 115,
  invoices: 175,
  projects: 165,
  tickets: 165,
  documents: 165,
  profile: 190,
};

/**
 * The app's entry: the chunks `index.html` loads as scripts or module preloads, by their manifest
 * keys (Vite 8 names no `index.html` entry; it writes each of the entry's chunks as a script).
 */
export function entryChunks(manifest: Manifest, indexHtml: string): string[] {
  const files = new Set(
    [...indexHtml.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="\/([^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
  );
  const keys = Object.keys(manifest).filter((k) => files.has(manifest[k]!.file));
  if (keys.length !== files.size) throw new Error('index.html loads a script the manifest lacks');
  return keys;
}

/** `keys` and every chunk they import statically: what loads before any of them runs. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

/**
 * The chunks a screen needs to paint: the app's entry, the portal's routes (asked for at once,
 * beside "who am I") and the screen's own module, each with what it imports statically. A
 * screen the portal's routes import statically (the dashboard) has no chunk of its own: it is
 * in theirs.
 */
export const firstPaintChunks = (manifest: Manifest, entry: readonly string[], screen: string) =>
  staticClosure(manifest, [...entry, PORTAL_ROUTES, ...(manifest[screen] ? [screen] : [])]);

/**
 * Every chunk a customer's browser can ever load: from the app's entry through every import,
 * static or lazy, except the router's lazy staff area (asked for only for a staff user).
 */
export function customerReachable(manifest: Manifest, entry: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || key === STAFF_ROUTES) return;
    seen.add(key);
    const chunk = manifest[key];
    for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) visit(next);
  };
  entry.forEach(visit);
  return seen;
}

/** Chunks made of staff modules only, among `keys`. */
export const staffChunks = (manifest: Manifest, keys: Iterable<string>) =>
  [...keys].filter((k) => (manifest[k]?.src ?? k).startsWith(STAFF_SOURCES));

export type ScreenWeight = { screen: string; kb: number; files: string[] };

/** Each portal screen's first-paint JavaScript, gzip level 9 as the weight specs count it. */
export function screenWeights(
  manifest: Manifest,
  entry: readonly string[],
  assetsRoot: string,
): ScreenWeight[] {
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(assetsRoot, file)), { level: 9 });
  return Object.entries(PORTAL_SCREENS).map(([screen, source]) => {
    const files = [...firstPaintChunks(manifest, entry, source)]
      .map((k) => manifest[k]!.file)
      .filter((f) => f.endsWith('.js'));
    const bytes = files.reduce((sum, f) => sum + gz(f).length, 0);
    return { screen, kb: Math.round((bytes / 1024) * 10) / 10, files };
  });
}

/** Run as the build's last step: prints each screen's weight, fails past the budget. */
function main() {
  const root = path.resolve('dist/client');
  const manifest = JSON.parse(
    fs.readFileSync(path.join(root, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = entryChunks(manifest, fs.readFileSync(path.join(root, 'index.html'), 'utf8'));
  const problems: string[] = [];
  for (const w of screenWeights(manifest, entry, root)) {
    const budget = FIRST_PAINT_BUDGETS_KB[w.screen] ?? FIRST_PAINT_TARGET_KB;
    console.log(
      `first paint: ${w.screen} ${w.kb} KB gzip (${w.files.length} files, budget ${budget})`,
    );
    if (w.kb > budget)
      problems.push(`${w.screen} needs ${w.kb} KB before it paints (budget ${budget} KB)`);
  }
  const staff = staffChunks(manifest, customerReachable(manifest, entry));
  if (staff.length) problems.push(`a customer's browser can load staff code: ${staff.join(', ')}`);
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}

// Run as a command (the build's step), not when imported (scripts/prerender.ts, the tests).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
