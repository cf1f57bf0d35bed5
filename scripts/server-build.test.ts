import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
/** What production runs from dist/node/server: the app and its command-line tools. */
const ENTRIES = [
  'server.ts',
  'db/migrate-cli.ts',
  'backup/backup-cli.ts',
  'backup/restore-cli.ts',
  'seed/seed-cli.ts',
  'backup/storage-copy-cli.ts',
].map((file) => `src/server/${file}`);

/** The sources a TypeScript project compiles (what `npm run build:server` writes to dist/). */
function compiled(project: string): string[] {
  const out = execFileSync(process.execPath, [tsc, '-p', project, '--listFilesOnly'], {
    cwd: root,
  });
  return out
    .toString()
    .split('\n')
    .filter((file) => file.startsWith(`${root}/src/`))
    .map((file) => path.relative(root, file))
    .sort();
}

// Issue 15, item 8: test code lives under src/server/test/ and never reaches dist/.
describe('the server build', () => {
  const built = compiled('tsconfig.server.json');

  it('holds no test file, test helper or fixture', () => {
    expect(built.length).toBeGreaterThan(50);
    const testCode = built.filter((file) =>
      /(^src\/server\/test\/|[./-]test[./-]|\/fixtures\/|\.test\.)/.test(file),
    );
    expect(testCode).toEqual([]);
  });

  it('holds only server code that production reaches from its entry points', () => {
    const project = path.join(root, '.tmp', 'tsconfig.server-entries.json');
    fs.mkdirSync(path.dirname(project), { recursive: true });
    fs.writeFileSync(
      project,
      JSON.stringify({
        extends: '../tsconfig.server.json',
        include: [],
        files: ENTRIES.map((file) => `../${file}`),
      }),
    );
    const reached = new Set(compiled(project));
    // Shared files serve the client too; server files nothing reaches are test code (or dead).
    expect(built.filter((file) => file.startsWith('src/server/') && !reached.has(file))).toEqual(
      [],
    );
  });
});
