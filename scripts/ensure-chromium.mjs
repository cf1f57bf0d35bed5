// Makes sure a Chromium exists for the browser tests, installing one if needed and saying how.
import { execSync } from 'node:child_process';
import { findChromium } from './chromium.mjs';

function run(cmd) {
  console.log(`$ ${cmd}`);
  execSync(cmd, { stdio: 'inherit' });
}

let found = findChromium();
if (!found) {
  console.log('No Chromium found for the browser tests; installing one.');
  try {
    run('npx playwright install chromium');
  } catch {
    console.log('Playwright could not download Chromium.');
  }
  found = findChromium();
}
if (!found && process.getuid?.() === 0) {
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    console.log("Installing Debian's chromium-headless-shell with apt-get (running as root).");
    run('apt-get update -qq');
    run('DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell');
  } catch {
    console.log('apt-get could not install chromium-headless-shell.');
  }
  found = findChromium();
}
if (!found) {
  console.error(
    'Chromium is required for the browser tests. Install it, or set CHROMIUM_PATH to its executable.',
  );
  process.exit(1);
}
console.log(`Browser tests use Chromium at ${found}`);
