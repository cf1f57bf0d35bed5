// `npm test`: every check a change must pass, one step after another, stopping at the first
// that fails, then a table of each step's time and the total (issue 34: the README quotes it).
import { spawn } from 'node:child_process';

/** A step is one or more commands; the commands of one step run side by side. */
const steps = [
  // Both are single-threaded: together they fill the two cores the suite is planned for.
  { name: 'typecheck + lint', commands: ['npm run typecheck', 'npm run lint'] },
  { name: 'unit, component and API tests (PGlite)', commands: ['npm run test:unit'] },
  { name: 'build', commands: ['npm run build'] },
  { name: 'browser tests', commands: ['npm run test:e2e:only'] },
];

/** Runs a shell command; with `quiet`, its output is kept and printed when it ends. */
function run(command, quiet) {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: quiet ? 'pipe' : 'inherit' });
    let output = '';
    child.stdout?.on('data', (c) => (output += c));
    child.stderr?.on('data', (c) => (output += c));
    child.on('exit', (code) => {
      if (quiet) process.stdout.write(output);
      resolve(code ?? 1);
    });
  });
}

const seconds = (since) => Math.round((performance.now() - since) / 1000);
const times = [];
const started = performance.now();
let failed;
for (const step of steps) {
  const at = performance.now();
  const codes = await Promise.all(step.commands.map((c) => run(c, step.commands.length > 1)));
  times.push([step.name, seconds(at)]);
  if (codes.some((code) => code !== 0)) {
    failed = step.name;
    break;
  }
}
const total = seconds(started);
console.log(`\nnpm test on Node ${process.version}:`);
for (const [name, s] of times) console.log(`  ${String(s).padStart(5)} s  ${name}`);
console.log(
  `  ${String(total).padStart(5)} s  total (${Math.floor(total / 60)} min ${total % 60} s)`,
);
if (failed) {
  console.log(`FAILED at: ${failed}`);
  process.exit(1);
}
