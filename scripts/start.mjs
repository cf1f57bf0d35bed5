// `npm start`: builds the client and the server when the sources are newer than the build, then serves.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { isBuildStale } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
if (isBuildStale(root)) {
  console.log('Building the site (first run or sources changed)...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
await import(path.join(root, 'dist/node/server/server.js'));
