// The browser tests in shards side by side (issue 34): each shard is its own Playwright run with
// its own app, database, SMTP sink and session door (E2E_PORT, E2E_PORT + 10, ...), so specs
// that count rows never see another shard's writes. E2E_SHARDS sets how many (default 2, the
// cores the suite is planned for; 1 runs everything in one). Extra arguments go to Playwright.
// Each shard's output is printed whole when it ends, so the lines of two runs never interleave.
import { spawn } from 'node:child_process';

const shards = Number(process.env.E2E_SHARDS ?? 2);
const firstPort = Number(process.env.E2E_PORT ?? 4310);
const extra = process.argv.slice(2);

function shard(index) {
  const port = firstPort + 10 * (index - 1);
  const args = [
    'playwright',
    'test',
    ...(shards > 1 ? [`--shard=${index}/${shards}`] : []),
    ...extra,
  ];
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn('npx', args, {
      env: { ...process.env, E2E_PORT: String(port) },
      stdio: shards > 1 ? 'pipe' : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (c) => (output += c));
    child.stderr?.on('data', (c) => (output += c));
    child.on('exit', (code) => {
      const seconds = Math.round((performance.now() - started) / 1000);
      if (shards > 1) {
        process.stdout.write(`\n=== browser tests, shard ${index} of ${shards} (port ${port})\n`);
        process.stdout.write(output);
      }
      resolve({ index, code: code ?? 1, seconds, output });
    });
  });
}

/** Each failed test's title and its first error line: CI's record keeps only the log's end. */
function summary(output) {
  const lines = output.split('\n');
  const found = [];
  lines.forEach((line, i) => {
    if (!/^ +\d+\) \[/.test(line)) return;
    const error = lines.slice(i + 1, i + 30).find((l) => /Error|Timeout|expect\(/.test(l));
    found.push(line.trim(), `    ${error?.trim() ?? ''}`);
  });
  return (found.length > 0 ? found : lines.slice(-20)).slice(0, 24).join('\n');
}

const results = await Promise.all(Array.from({ length: shards }, (_, i) => shard(i + 1)));
for (const r of results) {
  console.log(
    `shard ${r.index} of ${shards}: ${r.seconds} s, ${r.code === 0 ? 'passed' : 'FAILED'}`,
  );
  if (r.code !== 0 && shards > 1) console.log(summary(r.output));
}
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
