// Whether the built site is older than its sources: `npm start` and `npm run test:repeat` build
// first when it is.
import fs from 'node:fs';
import path from 'node:path';

const BUILT = ['dist/client/index.html', 'dist/node/server/server.js'];
const SOURCES = ['src', 'index.html', 'public', 'vite.config.ts', 'package-lock.json', 'drizzle'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(p)
    .reduce((max, name) => Math.max(max, newestMtime(path.join(p, name))), stat.mtimeMs);
}

/** True when a built file is missing or older than the newest source under `root`. */
export function isBuildStale(root) {
  const builtAt = Math.min(
    ...BUILT.map((f) => path.join(root, f)).map((f) =>
      fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0,
    ),
  );
  return builtAt < Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
}
