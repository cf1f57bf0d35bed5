// `npm start`: builds the client and the server when the sources are newer than the build, then serves.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtFiles = ['dist/client/index.html', 'dist/node/server/server.js'].map((f) =>
  path.join(root, f),
);
const sources = ['src', 'index.html', 'public', 'vite.config.ts', 'package-lock.json', 'drizzle'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(p)
    .reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

const builtAt = Math.min(...builtFiles.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt < changedAt) {
  console.log('Building the site (first run or sources changed)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(path.join(root, 'dist/node/server/server.js'));
