// Every screen and dialog of tests/e2e/screens/catalogue.ts as a PNG, at 1280 and 390 px, for a
// reviewer to look at the whole product in a minute. Run by `npm run screenshots`.
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { USERS } from '../e2e/fixtures/portal.ts';
import { signIn } from '../e2e/fixtures/session.ts';
import { STAFF_EMAIL } from '../e2e/fixtures/staff.ts';
import {
  portalScreens,
  publicScreens,
  staffScreens,
  walkScreens,
  type Screen,
} from '../e2e/screens/catalogue.ts';

const outDir = process.env.SCREENSHOTS_DIR ?? 'screenshots';

const fileName = (area: string, label: string) =>
  `${area}-${label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.png`;

async function shoot(page: Page, area: string, screens: readonly Screen[]) {
  const failures: string[] = [];
  await walkScreens(
    page,
    screens,
    async (label, width) => {
      const file = path.join(
        outDir,
        String(width),
        fileName(area, label.replace(/ at \d+ px$/, '')),
      );
      // A modal is fixed to the viewport: photograph what the person sees, not the whole page.
      const modal = (await page.locator('[role="dialog"], [role="alertdialog"]').count()) > 0;
      await page.screenshot({ path: file, fullPage: !modal, animations: 'disabled' });
    },
    (label, error) => failures.push(`${label}: ${String(error).split('\n')[0]}`),
  );
  if (failures.length) throw new Error(`screens not shown:\n${failures.join('\n')}`);
}

test('public', async ({ page }) => {
  await shoot(page, 'public', publicScreens);
});

test('portal as a customer', async ({ page }) => {
  await signIn(page, USERS.acme);
  await shoot(page, 'portal', portalScreens);
});

test('staff', async ({ page }) => {
  await signIn(page, STAFF_EMAIL);
  await shoot(page, 'staff', staffScreens);
});
