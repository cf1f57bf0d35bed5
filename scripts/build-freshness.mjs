// Whether the built site is older than its sources: `npm start` and `npm run test:repeat` build
// first when it is; the cluster test starts its app servers from the build when it is not.
import fs from 'node:fs';
import path from 'node:path';

const BUILT = ['dist/client/index.html', 'dist/node/server/server.js'];
const SOURCES = ['src', 'index.html', 'public', 'vite.config.ts', 'package-lock.json', 'drizzle'];

/** The newest modification time under `p`, leaving out the paths `skip` names. */
function newestMtime(p, skip = () => false) {
  if (!fs.existsSync(p) || skip(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(p)
    .reduce((max, name) => Math.max(max, newestMtime(path.join(p, name), skip)), stat.mtimeMs);
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

/**
 * True when dist/node/server is missing or older than what `build:server` compiles from
 * (tsconfig.server.json: src/server and src/shared without the tests) or the lockfile. A
 * changed test or client file leaves the server build fresh.
 */
export function isServerBuildStale(root) {
  const built = path.join(root, 'dist/node/server/server.js');
  if (!fs.existsSync(built)) return true;
  const testDir = path.join(root, 'src/server/test');
  const skip = (p) => p === testDir || /\.test\.tsx?$/.test(p);
  const sources = ['src/server', 'src/shared', 'package-lock.json'];
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s), skip)));
  return fs.statSync(built).mtimeMs < newest;
}
