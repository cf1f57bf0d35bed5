import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './scripts/chromium.mjs';
import { e2eBaseUrl, e2ePorts } from './tests/e2e/ports.ts';

export default defineConfig({
  testDir: 'tests/e2e',
  // One folder per app port: the shards of scripts/e2e.mjs run side by side.
  outputDir: `test-results/e2e-${e2ePorts.app}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Bounds, not waits: every check passes as soon as its condition holds. They are wide because
  // a slow 2-core machine with both shards running showed a dashboard still loading after 7 s.
  timeout: 45_000,
  expect: { timeout: 12_000 },
  use: {
    baseURL: e2eBaseUrl,
    // DOM snapshots only: the trace's screencast frames were 40% of the browser tests' CPU
    // (portal-invoices.spec: 21.3 s with them, 14.5 s without, 12.7 s with no trace).
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: { executablePath: findChromium() ?? undefined, args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      // Tests of the plain-form path need scripts off: the no-js project below runs them.
      grepInvert: /@plain-form/,
      use: { ...devices['Desktop Chrome'] },
    },
    // The public pages work without JavaScript too: their forms post as plain HTML forms.
    {
      name: 'no-js',
      testMatch: /public-(no-js|pages)\.spec\.ts$/,
      // axe runs as a script in the page: those checks run in the project above.
      grepInvert: /passes axe/,
      use: { ...devices['Desktop Chrome'], javaScriptEnabled: false },
    },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/serve.ts',
    url: `${e2eBaseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
