// `npm run cluster`: builds the site when the sources are newer than the build (as `npm start`
// does, so the servers serve the current client), then starts the cluster of ADR 077 on loopback:
// PostgreSQL, Redis, three app servers and nginx (src/server/test/cluster/cluster-cli.ts).
import { execSync, spawn } from 'node:child_process';
import path from 'node:path';
import { isBuildStale } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
if (isBuildStale(root)) {
  console.log('Building the site (first run or sources changed)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'src/server/test/cluster/cluster-cli.ts')],
  { cwd: root, stdio: 'inherit' },
);
// Ctrl-C reaches the child too (same process group): it stops the cluster; this waits for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
