import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/** `npm run screenshots` (scripts/screenshots.ts): the browser tests' server and browser, other specs. */
export default defineConfig({
  ...base,
  testDir: 'tests/screenshots',
  // Each walk takes every screen at three widths; the roles test walks three users.
  timeout: 900_000,
  use: { ...base.use, trace: 'off' },
});
