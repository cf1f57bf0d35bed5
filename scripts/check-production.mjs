// CI: the smoke run of a production install, on whatever Node runs this script (CI runs it on
// each supported version instead of the whole suite). After `npm run build`, a copy of what a
// server needs (package.json, the lockfile, dist/, drizzle/, scripts/) gets only the
// `npm ci --omit=dev` packages, then must start in production mode on the embedded database
// (migrations and demo data at start), serve the prerendered pages and /api/ready, let a
// user sign in by the mail link and draw an invoice PDF (its fonts ship), stop cleanly, back
// up, restore into a new DATA_DIR and start there with that user's session still valid.
// Prints the package count and size the README quotes.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = path.resolve(import.meta.dirname, '..');
const NEEDED = ['package.json', 'package-lock.json', 'dist', 'drizzle', 'scripts'];
// A customer of the demo data, which the server adds to a new embedded database.
const USER = 'jordan.lee@acme-logistics.example';
// Limits, not pauses: each wait ends as soon as its condition holds (the server listens, the
// mail file is there); a loaded CI machine gets a minute for either before the run fails.
const START_LIMIT_MS = 60_000;
const MAIL_LIMIT_MS = 60_000;
const FORM_TYPE = 'application/x-www-form-urlencoded';

const began = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);
/** What passed so far: the closing line, or the context of a failure. */
const steps = [];
/** The server started last: its output goes with any failure, and a failure stops it. */
let server = null;

function fail(message) {
  console.error(`Production install check FAILED: ${message}`);
  if (steps.length > 0) console.error(`Passed before that: ${steps.join(', ')}.`);
  if (server) {
    if (server.child.exitCode === null && server.child.signalCode === null)
      server.child.kill('SIGKILL');
    console.error(`Server output:\n${server.output}`);
  }
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

/** A port nobody listens on right now. */
function freePort() {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

// One address for both starts: the session cookie made on the first must work on the second.
const base = `http://127.0.0.1:${await freePort()}`;
const env = {
  ...process.env,
  // npm, and the `node` of its scripts (db:backup, db:restore), run on this Node too.
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
  NODE_ENV: 'production',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  PORT: new URL(base).port,
  HOST: '127.0.0.1',
  APP_URL: base,
  LOG_LEVEL: 'warn',
};
// The embedded database, and mail written as files under DATA_DIR/mail, whatever the caller set.
delete env.DATABASE_URL;
delete env.SMTP_URL;

/** `npm ci --omit=dev` in the copy; returns the install part of the closing line. */
function install() {
  const started = Date.now();
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
    cwd: work,
    env,
    stdio: 'inherit',
  });
  const modules = path.join(work, 'node_modules');
  if (fs.existsSync(path.join(modules, 'tsx'))) fail('tsx (a development package) was installed.');
  const megabytes = execFileSync('du', ['-sm', modules]).toString().split('\t')[0];
  return `${packages(modules)} packages, ${megabytes} MB in node_modules, installed in ${seconds(started)} s`;
}

/** Starts the built server on `dataDir` and waits until it listens. */
async function startServer(dataDir) {
  const child = spawn(process.execPath, ['dist/node/server/server.js'], {
    cwd: work,
    env: { ...env, DATA_DIR: dataDir },
  });
  server = { child, output: '', exited: new Promise((resolve) => child.on('exit', resolve)) };
  child.stdout.on('data', (c) => (server.output += c));
  child.stderr.on('data', (c) => (server.output += c));
  const listening = new Promise((resolve) => {
    child.stdout.on('data', () => server.output.includes('Site running at') && resolve('up'));
  });
  const outcome = await Promise.race([
    listening,
    server.exited.then(() => 'exited'),
    sleep(START_LIMIT_MS, 'slow', { ref: false }),
  ]);
  if (outcome === 'exited') fail('the server exited at start.');
  if (outcome === 'slow') fail(`the server did not listen within ${START_LIMIT_MS / 1000} s.`);
}

/** SIGTERM, as systemd stops it: the server must exit 0 (its database closed). */
async function stopServer() {
  server.child.kill('SIGTERM');
  const code = await server.exited;
  if (code !== 0) fail(`the server did not stop cleanly on SIGTERM (exit ${code}).`);
}

/** The browser's cookies for this site: name → value, as Set-Cookie left them. */
const cookies = new Map();

/** A request as a browser sends it: the site's cookies, its Origin on a form, no redirects followed. */
async function request(pathname, form) {
  const headers = { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  if (form) Object.assign(headers, { 'content-type': FORM_TYPE, origin: base });
  const method = form ? 'POST' : 'GET';
  const res = await fetch(new URL(pathname, base), {
    method,
    headers,
    body: form && new URLSearchParams(form),
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  }).catch((err) => fail(`${method} ${pathname} failed: ${err.cause ?? err.message}`));
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    if (value) cookies.set(name, value);
    else cookies.delete(name);
  }
  return res;
}

async function expectPage(pathname, text) {
  const res = await request(pathname);
  const body = await res.text();
  if (res.status !== 200) fail(`${pathname} answered ${res.status}.`);
  if (!body.includes(text)) fail(`${pathname} does not contain "${text}".`);
}

/** The value of a form's hidden field, as the browser would post it. */
function field(html, name) {
  const value = new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (!value) fail(`the sign-in page has no "${name}" field:\n${html}`);
  return value;
}

/** The link of the sign-in mail to `email`, from the .eml files the server writes without SMTP. */
function signInLink(dataDir, email) {
  const dir = path.join(dataDir, 'mail');
  fs.mkdirSync(dir, { recursive: true });
  const find = () => {
    for (const file of fs.readdirSync(dir)) {
      // Quoted-printable: undo the soft line breaks and the escaped "=" of the link.
      const eml = fs
        .readFileSync(path.join(dir, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const link = /https?:\/\/\S+\/api\/login\/verify\?token=[\w-]+/.exec(eml)?.[0];
      // No link yet may be a file still being written: its next write wakes the watcher.
      if (link && eml.includes('Subject: Your sign-in link') && eml.includes(`To: ${email}`))
        return link;
    }
    return undefined;
  };
  return new Promise((resolve) => {
    // Watching before the first look: a mail written in between still wakes it.
    const watcher = fs.watch(dir, () => done(find()));
    const limit = setTimeout(() => {
      watcher.close();
      fail(
        `no sign-in mail with a link to ${email} in ${dir} within ${MAIL_LIMIT_MS / 1000} s ` +
          '(an address the server does not know gets none).',
      );
    }, MAIL_LIMIT_MS);
    const done = (link) => {
      if (!link) return;
      clearTimeout(limit);
      watcher.close();
      resolve(link);
    };
    done(find());
  });
}

/** Signs in as a person does: ask for a link, open it from the mail, press the button. */
async function signIn(dataDir, email) {
  const form = await request('/api/login');
  const asked = await request('/api/login', { _csrf: field(await form.text(), '_csrf'), email });
  if (asked.status !== 200) fail(`POST /api/login answered ${asked.status}.`);
  const opened = await request(await signInLink(dataDir, email));
  const page = await opened.text();
  if (opened.status !== 200) fail(`the sign-in link answered ${opened.status}:\n${page}`);
  const done = await request('/api/login/verify', {
    _csrf: field(page, '_csrf'),
    token: field(page, 'token'),
  });
  if (done.status !== 303)
    fail(`pressing "Sign in" answered ${done.status}:\n${await done.text()}`);
}

/** The session cookie is accepted and belongs to `email`. */
async function expectSignedIn(email) {
  const res = await request('/api/auth/user');
  const body = await res.text();
  if (res.status !== 200) fail(`GET /api/auth/user answered ${res.status}: ${body}`);
  const user = JSON.parse(body);
  if (user.email !== email) fail(`GET /api/auth/user names ${user.email}, not ${email}.`);
}

/**
 * The user's first invoice as a PDF: drawn in the embedded Noto faces (ADR 075), whose files
 * come from production packages, so a font left out of the install fails here.
 */
async function expectInvoicePdf() {
  const user = await (await request('/api/auth/user')).json();
  const customerId = user.customers?.[0]?.id;
  if (!customerId) fail('the signed-in user has no company.');
  const list = await (await request(`/api/customers/${customerId}/invoices`)).json();
  if (!Array.isArray(list) || list.length === 0) fail('the demo company has no invoice.');
  const res = await request(`/api/customers/${customerId}/invoices/${list[0].id}/pdf`);
  const pdf = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || !pdf.subarray(0, 5).equals(Buffer.from('%PDF-')))
    fail(`the invoice PDF answered ${res.status}: ${pdf.subarray(0, 200)}`);
  if (!pdf.includes('NotoSans')) fail('the invoice PDF does not embed Noto Sans.');
}

/** An npm script of the install, as an operator runs it (the backup tools need the server stopped). */
function npmRun(script, args, dataDir) {
  execFileSync('npm', ['run', script, '--', ...args], {
    cwd: work,
    env: { ...env, DATA_DIR: dataDir },
    stdio: 'inherit',
  });
}

/** The stored files (uploads, the demo's documents) under DATA_DIR/files, by relative path. */
function storedFiles(dataDir) {
  const dir = path.join(dataDir, 'files');
  return fs
    .readdirSync(dir, { recursive: true })
    .filter((file) => fs.statSync(path.join(dir, file)).isFile())
    .sort();
}

const data = path.join(work, 'data');
const restored = path.join(work, 'restored');
const backups = path.join(work, 'backups');
let installed;
try {
  installed = install();
  await startServer(data);
  steps.push('started in production mode (migrated, demo data added)');
  // Prerendered: the page's own heading is in the HTML before any JavaScript runs.
  await expectPage('/', '<h1');
  await expectPage('/services/cybersecurity', 'Cybersecurity');
  await expectPage('/api/ready', '"status":"ready"');
  steps.push('served the prerendered pages and /api/ready');
  await signIn(data, USER);
  await expectSignedIn(USER);
  steps.push('signed in by the mail link');
  await expectInvoicePdf();
  steps.push('drew an invoice PDF in the embedded fonts');
  await stopServer();
  steps.push('stopped on SIGTERM');

  npmRun('db:backup', [backups], data);
  const written = fs.readdirSync(backups);
  if (written.length !== 1) fail(`db:backup wrote ${written.length} files, not one.`);
  steps.push('backed up');
  npmRun('db:restore', [path.join(backups, written[0])], restored);
  const files = storedFiles(data);
  if (storedFiles(restored).join('\n') !== files.join('\n'))
    fail('the restored DATA_DIR does not hold the same stored files.');
  steps.push(`restored into a new DATA_DIR (${files.length} stored files)`);

  // Sessions live in the database: the cookie from before the backup must still sign in.
  await startServer(restored);
  await expectSignedIn(USER);
  steps.push('started again with the session valid');
  await stopServer();
  steps.push('stopped on SIGTERM');
} catch (err) {
  fail(err instanceof Error ? (err.stack ?? err.message) : String(err));
}

console.log(
  `Production smoke run (Node ${process.version}): ${installed}; ${steps.join(', ')}; ` +
    `${seconds(began)} s in all.`,
);
fs.rmSync(work, { recursive: true, force: true });
