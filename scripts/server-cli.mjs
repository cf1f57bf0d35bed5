// Runs one of the server's command-line tools (`backup/backup-cli`, `db/migrate-cli`...):
// from the sources through tsx in a development checkout, otherwise from the build
// (`npm run build` output in dist/node), as in a production install (`--omit=dev`, no src/).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [name, ...args] = process.argv.slice(2);
if (!name) {
  console.error('usage: node scripts/server-cli.mjs TOOL [ARGS...]');
  process.exit(2);
}

const source = path.join(root, 'src/server', `${name}.ts`);
const built = path.join(root, 'dist/node/server', `${name}.js`);
let tsx = null;
try {
  if (fs.existsSync(source)) tsx = import.meta.resolve('tsx');
} catch {
  // a production install: no tsx
}
if (!tsx && !fs.existsSync(built)) {
  console.error(
    `${built} is missing: run \`npm run build\` where the development packages are installed.`,
  );
  process.exit(1);
}
const command = tsx ? ['--import', tsx, source] : [built];
const result = spawnSync(process.execPath, [...command, ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
