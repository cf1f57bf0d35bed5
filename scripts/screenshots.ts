// `npm run screenshots`: builds the app (npm script), starts it on free ports with a fresh seeded
// database (tests/e2e/serve.ts, through playwright.screenshots.config.ts) and writes every screen
// at 1280 and 390 px to screenshots/<width>/ (git-ignored); then rewrites the committed baselines
// of tests/e2e/baselines.spec.ts (the key screens the browser tests compare with), on purpose.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'screenshots');

/** True when nothing listens on `port` on the loopback interface. */
const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port whose next two are free too (the server's, its SMTP sink's, its session door's). */
async function freePortPair(): Promise<number> {
  for (let i = 0; i < 50; i += 1) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    if ((await isFree(port)) && (await isFree(port + 1)) && (await isFree(port + 2))) return port;
  }
  throw new Error('no two free ports found');
}

const port = await freePortPair();
fs.rmSync(outDir, { recursive: true, force: true });
console.log(`Taking screenshots against a fresh app on port ${port}...`);
const run = spawnSync('npx', ['playwright', 'test', '-c', 'playwright.screenshots.config.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, E2E_PORT: String(port), SCREENSHOTS_DIR: outDir },
});
console.log('Rewriting the baselines of tests/e2e/baselines.spec.ts...');
const baselines = spawnSync(
  'npx',
  ['playwright', 'test', 'tests/e2e/baselines.spec.ts', '--update-snapshots=all'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, E2E_PORT: String(port) } },
);
const files = fs.existsSync(outDir)
  ? fs.readdirSync(outDir, { recursive: true }).filter((f) => String(f).endsWith('.png'))
  : [];
// The run's own database and mail, made by tests/e2e/serve.ts.
fs.rmSync(path.join(root, '.tmp', `e2e-${port}`), { recursive: true, force: true });
console.log(`${files.length} screenshots in ${path.relative(process.cwd(), outDir) || '.'}/`);
process.exit((run.status ?? 1) || (baselines.status ?? 1));
