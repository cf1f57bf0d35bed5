import { expect, test } from './fixtures/test.ts';
import { USERS, expectNoSeriousAxeViolations, openPortal } from './fixtures/portal.ts';

const entries = ['Dashboard', 'Invoices', 'Projects', 'Tickets', 'Documents'];

test('five entries, the active one marked by path, name and company, user menu', async ({
  page,
}) => {
  await openPortal(page, USERS.acme, '/portal');
  const nav = page.getByRole('navigation', { name: 'Portal' });
  await expect(nav.getByRole('link')).toHaveText(entries);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await nav.getByRole('link', { name: 'Projects' }).click();
  await expect(page).toHaveURL(/\/portal\/projects$/);
  await expect(nav.getByRole('link', { name: 'Projects' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

  const menu = page.getByRole('button', { name: 'User menu: Jordan Lee' });
  await expect(menu).toContainText('Jordan Lee');
  await expect(menu).toContainText('Acme Logistics');
  await menu.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Profile & Settings' })).toHaveAttribute(
    'href',
    '/portal/profile',
  );
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toHaveAttribute(
    'href',
    '/api/logout',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});

test('each portal screen names its tab (review V13)', async ({ page }) => {
  await openPortal(page, USERS.acme, '/');
  await expect(page).toHaveTitle('Dashboard | Meridian IT Services');
  const nav = page.getByRole('navigation', { name: 'Portal' });
  for (const entry of entries.slice(1)) {
    await nav.getByRole('link', { name: entry }).click();
    await expect(page).toHaveTitle(`${entry} | Meridian IT Services`);
  }
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile & Settings' }).click();
  await expect(page).toHaveTitle('Profile & Settings | Meridian IT Services');
  await page.goto('/portal/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | Meridian IT Services');
});

test('the mobile drawer at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPortal(page, USERS.globex, '/portal/dashboard');
  await expect(page.getByRole('navigation', { name: 'Portal' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Portal menu' });
  await expect(drawer).toContainText('Sam Rivera');
  await expect(drawer).toContainText('Globex Retail');
  await expect(drawer.getByRole('link')).toHaveText(entries);
  await drawer.getByRole('link', { name: 'Documents' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/portal\/documents$/);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Portal menu' }).getByRole('link', { name: 'Documents' }),
  ).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

for (const [who, email] of [
  ['Acme', USERS.acme],
  ['Initech (sample rows)', USERS.initech],
] as const) {
  test(`no serious or critical axe violation on any portal screen: ${who}`, async ({ page }) => {
    // Five full-page scans on a small shared machine.
    test.setTimeout(120_000);
    await openPortal(page, email, '/portal/dashboard');
    for (const path of ['dashboard', 'invoices', 'projects', 'documents']) {
      await page.goto(`/portal/${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await expectNoSeriousAxeViolations(page);
    }
    await page.getByRole('button', { name: /User menu/ }).click();
    await expectNoSeriousAxeViolations(page);
  });
}
