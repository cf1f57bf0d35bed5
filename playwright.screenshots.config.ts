import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/** `npm run screenshots` (scripts/screenshots.ts): the browser tests' server and browser, other specs. */
export default defineConfig({
  ...base,
  testDir: 'tests/screenshots',
  timeout: 300_000,
  use: { ...base.use, trace: 'off' },
});
