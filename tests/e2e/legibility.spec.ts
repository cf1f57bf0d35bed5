// Tests that look: every screen (public, portal as a customer with data, staff) and the dialogs
// opened on it, each loaded once and resized: contrast at 1280 and 390 px, measured from the
// rendered colours; the layout at 390, 768, 1024 and 1280 px (fixtures/layout.ts, ADR 054).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { USERS } from './fixtures/portal.ts';
import { signIn } from './fixtures/session.ts';
import { STAFF_EMAIL } from './fixtures/staff.ts';
import { walkAtEveryWidth } from './fixtures/layout.ts';
import {
  WIDTHS,
  portalScreens,
  publicScreens,
  staffScreens,
  type Screen,
} from './screens/catalogue.ts';
import { probeScreen, type ContrastIssue } from './screens/probe.ts';

// A screen that cannot be opened is reported and skipped, not waited on until the test times out.
test.use({ actionTimeout: 15_000 });

const line = (where: string, i: ContrastIssue) =>
  `${where}: ${i.what} text "${i.text}" ${i.ratio}:1 < ${i.required}:1 (${i.fg} on ${i.bg}, ${i.font})`;

/**
 * Walks the screens, measuring the layout at every width and the contrast at 1280 and 390 px
 * with one probe each, and fails with every problem found (not only the first). Text on
 * gradients is listed in the test's output.
 */
async function lookAt(page: Page, screens: readonly Screen[], consoleErrors: string[]) {
  // The unknown-path screens answer 404 on purpose; Chromium logs each such document load.
  let expected404 = 0;
  page.on('response', (res) => {
    if (res.status() === 404 && res.request().resourceType() === 'document') expected404 += 1;
  });
  const contrast: string[] = [];
  const sideways: string[] = [];
  const cutOff: string[] = [];
  const gradients: string[] = [];
  let checked = 0;
  const layout = await walkAtEveryWidth(page, screens, async (label, width) => {
    if (!(WIDTHS as readonly number[]).includes(width)) return;
    const r = await page.evaluate(probeScreen);
    checked += r.checked;
    contrast.push(...r.failures.map((i) => line(label, i)));
    contrast.push(
      ...r.onImage.map((i) => `${label}: ${i.what} text "${i.text}" is on a background image`),
    );
    gradients.push(
      ...r.onGradient.map((i) => `${line(label, i).replace(' < ', ' (needs ')}, worst stop)`),
    );
    if (r.page.scrollWidth > r.page.clientWidth) {
      sideways.push(
        `${label}: page is ${r.page.scrollWidth} px wide in ${r.page.clientWidth} px; ${r.page.widest.join('; ')}`,
      );
    }
    cutOff.push(...r.cutOff.map((c) => `${label}: ${c.what} cut off: "${c.text}"`));
  });
  for (; expected404 > 0; expected404 -= 1) {
    const at = consoleErrors.findIndex((e) => e.includes('status of 404'));
    if (at >= 0) consoleErrors.splice(at, 1);
  }
  const report = [
    `${checked} text runs and icons measured`,
    `On gradients (measured against every colour stop):`,
    ...gradients,
  ].join('\n');
  console.log(report);
  await test.info().attach('legibility report', { body: report, contentType: 'text/plain' });
  expect.soft(layout, 'layout at 390, 768, 1024 and 1280 px (and screens not shown)').toEqual([]);
  expect.soft(contrast, 'WCAG contrast of buttons, links, badges and labels').toEqual([]);
  expect.soft(sideways, 'sideways scroll').toEqual([]);
  expect.soft(cutOff, 'text cut off in tables').toEqual([]);
  expect(checked).toBeGreaterThan(screens.length * 10);
}

test('every public page at 390 to 1280 px: contrast >= 4.5:1 (3:1 large), no sideways scroll, nothing cut', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  await lookAt(page, publicScreens, consoleErrors);
});

test('every portal screen as a customer at 390 to 1280 px: contrast >= 4.5:1 (3:1 large), no sideways scroll, nothing cut', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  await signIn(page, USERS.acme);
  await lookAt(page, portalScreens, consoleErrors);
});

test('every staff screen at 390 to 1280 px: contrast >= 4.5:1 (3:1 large), no sideways scroll, nothing cut', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(240_000);
  await signIn(page, STAFF_EMAIL);
  await lookAt(page, staffScreens, consoleErrors);
});
