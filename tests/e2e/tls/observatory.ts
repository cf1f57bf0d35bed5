import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const OBSERVATORY_VERSION = '1.4.8';
const dir = path.resolve('.tmp', 'tools', `mdn-http-observatory-${OBSERVATORY_VERSION}`);
const packageDir = path.join(dir, 'node_modules', '@mdn', 'mdn-http-observatory');

export type ObservatoryResult = {
  scan: {
    grade: string;
    score: number;
    testsPassed: number;
    testsQuantity: number;
    statusCode: number;
  };
  tests: Record<string, { pass: boolean; result: string; scoreModifier: number }>;
};

/**
 * Installs the MDN HTTP Observatory scanner (`@mdn/mdn-http-observatory` from the npm
 * registry) once, under .tmp/tools. Its install scripts download the HSTS preload list, the
 * TLD list and a CA bundle from outside the registry, which CI cannot reach, so they are not
 * run: the scanner reads an empty preload list (no test host is on the real one) and trusts
 * the roots NODE_EXTRA_CA_CERTS names instead of the bundle its `bin` wrapper would force.
 */
export async function installObservatory(): Promise<void> {
  const preload = path.join(packageDir, 'conf', 'hsts-preload.json');
  if (
    await fs.stat(preload).then(
      () => true,
      () => false,
    )
  )
    return;
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({
      private: true,
      dependencies: { '@mdn/mdn-http-observatory': OBSERVATORY_VERSION },
    }),
  );
  await run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  });
  await fs.writeFile(preload, '{}\n');
}

/** Runs the scanner's own command (src/scan.js) against `host` (`localhost:8443`), trusting `ca`. */
export async function scanWithObservatory(host: string, ca: string): Promise<ObservatoryResult> {
  const { stdout } = await run(process.execPath, [path.join(packageDir, 'src', 'scan.js'), host], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: ca },
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as ObservatoryResult;
}
