// `npm run test:repeat -- <file> [n]`: runs one browser spec or one test file n times (default
// 10), all n whatever fails, then prints "<file>: N of n passed" and exits non-zero if any failed.
// A flaky test shows itself here rather than on CI.
//
// - A spec under tests/e2e/: one Playwright run, `--repeat-each=n --retries=0 --workers=1`,
//   building the site first when the sources are newer than the build (as scripts/start.mjs
//   decides). A repetition passed when every test of it passed.
// - Anything else: `vitest run <file>` n times, each a fresh process, so each repetition starts
//   as CI would (beforeAll, the database copy, the worker's modules). Vitest has no option to
//   repeat whole files: `repeats` is a per-test option and reruns only the test body.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isBuildStale } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const [file, count = '10'] = process.argv.slice(2);
const n = Number(count);
if (!file || !Number.isInteger(n) || n < 1) {
  console.error('Usage: npm run test:repeat -- <spec or test file> [n, default 10]');
  process.exit(2);
}
const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status;

let passed = 0;
if (path.relative(root, path.resolve(file)).startsWith(`tests${path.sep}e2e${path.sep}`)) {
  if (isBuildStale(root)) {
    console.log('Building the site (first run or sources changed)...');
    if (run('npm', ['run', 'build']) !== 0) process.exit(1);
  }
  // The JSON report says which repetition each test result belongs to (the list one is for you).
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'test-repeat-')), 'report.json');
  run(
    'npx',
    [
      ...['playwright', 'test', file, `--repeat-each=${n}`, '--retries=0', '--workers=1'],
      '--reporter=list,json',
    ],
    { PLAYWRIGHT_JSON_OUTPUT_FILE: report },
  );
  passed = passedRepetitions(report);
} else {
  for (let i = 1; i <= n; i++) {
    console.log(`\n=== ${file}: run ${i} of ${n}`);
    if (run('npx', ['vitest', 'run', file]) === 0) passed++;
  }
}
console.log(`\n${file}: ${passed} of ${n} passed`);
process.exit(passed === n ? 0 : 1);

/** How many repetitions of a `--repeat-each` run had every one of their tests pass. */
function passedRepetitions(report) {
  if (!fs.existsSync(report)) return 0;
  const { suites, errors } = JSON.parse(fs.readFileSync(report, 'utf8'));
  // An error outside the tests (the web server did not start, a syntax error): nothing passed.
  if (errors?.length) return 0;
  const failed = new Set();
  let tests = 0;
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      // A spec's entries: per project, one per repetition in order (the JSON report has no
      // repetition index; it appends each repetition's copy of the file in turn).
      const next = new Map();
      for (const test of spec.tests) {
        const repetition = next.get(test.projectName) ?? 0;
        next.set(test.projectName, repetition + 1);
        tests++;
        // Passed, or skipped by the spec itself (a test that never ran has no results).
        const ok =
          test.status === 'expected' ||
          (test.status === 'skipped' && test.results.some((r) => r.status === 'skipped'));
        if (!ok) failed.add(repetition);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of suites) walk(suite);
  return tests === 0 ? 0 : n - failed.size;
}
