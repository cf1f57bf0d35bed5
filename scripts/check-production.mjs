// CI: the production install the README's deployment steps describe. After `npm run build`,
// a copy of what a server needs (package.json, the lockfile, dist/, drizzle/, scripts/) gets
// only the `npm ci --omit=dev` packages, then must start in production mode, find its
// migrations, serve the prerendered pages, answer /api/ready, stop cleanly and back up.
// Prints the package count and size the README quotes.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const NEEDED = ['package.json', 'package-lock.json', 'dist', 'drizzle', 'scripts'];

function fail(message) {
  console.error(`Production install check FAILED: ${message}`);
  process.exit(1);
}

for (const built of ['dist/node/server/server.js', 'dist/client/index.html']) {
  if (!fs.existsSync(path.join(root, built)))
    fail(`${built} is missing: run \`npm run build\` first.`);
}

// Outside the checkout: Node looks for packages in every parent folder's node_modules, and the
// checkout's development packages must not stand in for a missing production one.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-production-'));
for (const name of NEEDED)
  fs.cpSync(path.join(root, name), path.join(work, name), { recursive: true });

const started = Date.now();
execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
  cwd: work,
  stdio: 'inherit',
});
const installSeconds = Math.round((Date.now() - started) / 1000);

/** Installed packages: every folder under node_modules holding a package.json with a name. */
function packages(dir) {
  let found = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === '.bin') continue;
    const sub = path.join(dir, entry.name);
    if (entry.name.startsWith('@')) found += packages(sub);
    else if (fs.existsSync(path.join(sub, 'package.json'))) {
      found += 1;
      if (fs.existsSync(path.join(sub, 'node_modules')))
        found += packages(path.join(sub, 'node_modules'));
    }
  }
  return found;
}
const count = packages(path.join(work, 'node_modules'));
const megabytes = Number(
  execFileSync('du', ['-sm', path.join(work, 'node_modules')])
    .toString()
    .split('\t')[0],
);
if (fs.existsSync(path.join(work, 'node_modules', 'tsx')))
  fail('tsx (a development package) was installed.');

const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: base,
  DATA_DIR: path.join(work, 'data'),
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
const server = spawn(process.execPath, ['dist/node/server/server.js'], { cwd: work, env });
let output = '';
server.stdout.on('data', (c) => (output += c));
server.stderr.on('data', (c) => (output += c));
const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
const up = await Promise.race([
  new Promise((resolve) => {
    const check = () => output.includes('Site running at') && resolve(true);
    server.stdout.on('data', check);
  }),
  exited.then(() => false),
]);
if (!up) fail(`the server exited at start:\n${output}`);

async function expectPage(pathname, text) {
  const res = await fetch(base + pathname);
  const body = await res.text();
  if (res.status !== 200) fail(`${pathname} answered ${res.status}`);
  if (!body.includes(text)) fail(`${pathname} does not contain "${text}"`);
}
try {
  // Prerendered: the page's own heading is in the HTML before any JavaScript runs.
  await expectPage('/', '<h1');
  await expectPage('/services/cybersecurity', 'Cybersecurity');
  await expectPage('/api/ready', '"status":"ready"');
} catch (err) {
  server.kill('SIGKILL');
  throw err;
}
server.kill('SIGTERM');
if ((await exited) !== 0) fail(`the server did not stop cleanly:\n${output}`);

execFileSync('npm', ['run', 'db:backup', '--', path.join(work, 'backups')], {
  cwd: work,
  env,
  stdio: 'inherit',
});
if (fs.readdirSync(path.join(work, 'backups')).length !== 1) fail('db:backup wrote no file.');

console.log(
  `Production install (Node ${process.version}): ${count} packages, ${megabytes} MB in node_modules, ` +
    `installed in ${installSeconds} s; started in production mode, served the prerendered pages ` +
    'and /api/ready, stopped on SIGTERM, and backed up.',
);
fs.rmSync(work, { recursive: true, force: true });
