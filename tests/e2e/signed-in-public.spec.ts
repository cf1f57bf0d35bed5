// Issue 36 (review V2, ADR 049): a signed-in visitor keeps the public pages, with a way to the
// portal in the header; `/` is the dashboard from the first frame, never the marketing page.
import { afterIslandIdle } from './fixtures/idle.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { USERS } from './fixtures/portal.ts';
import { addSession } from './fixtures/session.ts';
import { serviceIndex } from '../../src/shared/service-index.ts';
import { paths, publicRoutes } from '../../src/shared/routes.ts';

/** Each public page's level-1 heading, as its prerendered HTML has it. */
const headingOf: Record<string, string> = {
  [paths.home]: 'IT services that keep your business running',
  [paths.services]: 'Our Services',
  [paths.about]: 'About Meridian IT Services',
  [paths.contact]: 'Contact Us',
  [paths.privacyPolicy]: 'Privacy Policy',
  [paths.termsOfService]: 'Terms of Service',
  [paths.systemStatus]: 'System Status',
  ...Object.fromEntries(serviceIndex.map((s) => [paths.service(s.slug), s.name])),
};

declare global {
  interface Window {
    /** recordHeadings' record, in the page. */
    __headings?: Set<string>;
  }
}

/**
 * Records every level-1 heading the page ever holds, from the first parsed byte on, into
 * `window.__headings`: a screen shown for a moment and replaced is caught too.
 */
async function recordHeadings(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    window.__headings = seen;
    new MutationObserver(() => {
      for (const h1 of document.querySelectorAll('h1')) seen.add(h1.textContent?.trim() ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const headingsSeen = (page: Page) => page.evaluate(() => [...(window.__headings ?? [])]);

/** Loaded, the browser idle (when the page's scripts start), then a quiet network. */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(afterIslandIdle);
  await page.waitForLoadState('networkidle');
}

test('signed in, every public page stays itself once its scripts have run, and offers the portal', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await addSession(page.context(), USERS.acme);
  await recordHeadings(page);
  for (const route of publicRoutes.filter((r) => r !== paths.home)) {
    await page.goto(route);
    await settled(page);
    const heading = headingOf[route];
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
    expect(await headingsSeen(page), route).toEqual([heading]);
    const portal = page.getByRole('banner').getByRole('link', { name: 'Go to portal' });
    await expect(portal).toBeVisible();
    await expect(
      page.getByRole('banner').getByText('Portal Login').filter({ visible: true }),
    ).toHaveCount(0);
  }
  // The page's island works for a signed-in visitor too.
  await page.goto('/services/cybersecurity');
  await page.getByRole('link', { name: 'Request a Quote' }).click();
  await expect(page.getByRole('dialog', { name: 'Request a Quote' })).toBeVisible();
  await page.keyboard.press('Escape');
  // The link lands where the visitor belongs.
  await page.getByRole('banner').getByRole('link', { name: 'Go to portal' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Jordan' })).toBeVisible();
});

test('signed in, / is the dashboard from the first frame: the marketing page never shows', async ({
  page,
}) => {
  await addSession(page.context(), USERS.acme);
  await recordHeadings(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Jordan' })).toBeVisible();
  await settled(page);
  expect(await headingsSeen(page)).toEqual(['Welcome back, Jordan']);
  await expect(page).toHaveURL(/\/$/);
});

test('signed in at phone width, the menu offers the portal', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await addSession(page.context(), USERS.acme);
  await page.goto('/about');
  await page.locator('header summary[aria-label="Menu"]').click();
  await expect(page.getByRole('link', { name: 'Go to portal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Portal Login' })).toBeHidden();
});

test('signed out, the header keeps the spec\'s "Portal Login"', async ({ page }) => {
  await page.goto('/services');
  await settled(page);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal Login' })).toBeVisible();
  await expect(
    page.getByRole('banner').getByText('Go to portal').filter({ visible: true }),
  ).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('signed in, a public page is itself and offers the portal', async ({ page }) => {
    await addSession(page.context(), USERS.acme);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Go to portal' }),
    ).toBeVisible();
  });
});
