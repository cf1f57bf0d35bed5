// The CSP has no 'unsafe-inline' for styles: the style elements Radix injects carry the
// page's nonce (docs/decisions/012-csp-style-nonce.md). Any element without it would be
// refused, with a `securitypolicyviolation` event and a console error (the fixture fails on those).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { USERS, openPortal } from './fixtures/portal.ts';

type Recorded = { cspViolations: string[] };

/** Records every CSP violation of every document the page loads from now on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as Recorded;
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as Recorded).cspViolations);
}

/** The injected style elements that carry a nonce (nonce values are hidden from the DOM). */
const nonceStyles = (page: Page) => page.locator('style[nonce]');

test('the quote modal and the mobile menu open without a CSP violation', async ({ page }) => {
  const violations = await recordViolations(page);
  const res = await page.goto('/services/cloud-solutions');
  const csp = res?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'(;|$)/);
  expect(csp).not.toContain('unsafe');

  await page.getByRole('link', { name: 'Request a Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a Quote' });
  await expect(dialog).toBeVisible();
  // The scroll lock's style element is what needs the nonce: prove it is there and applied.
  await expect(nonceStyles(page)).not.toHaveCount(0);
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('header summary[aria-label="Menu"]').click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await violations()).toEqual([]);
});

test('portal menus, dialogs and selects open without a CSP violation', async ({ page }) => {
  const violations = await recordViolations(page);
  await openPortal(page, USERS.acme, '/portal/tickets');
  await page.getByRole('button', { name: /^User menu/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  await page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Ticket' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  // Radix Select's own style element hides the list's scrollbar: applied only with the nonce.
  await expect(listbox.locator('[data-radix-select-viewport]')).toHaveCSS(
    'scrollbar-width',
    'none',
  );
  await page.getByRole('option', { name: 'Hardware', exact: true }).click();
  await expect(dialog.getByRole('combobox', { name: 'Category' })).toContainText('Hardware');
  await expect(nonceStyles(page)).not.toHaveCount(0);
  expect(await violations()).toEqual([]);
});
