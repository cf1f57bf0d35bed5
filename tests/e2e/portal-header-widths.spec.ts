// Issue 36 (review V3): the portal header fits at every width, the company switcher included;
// the user menu (Profile & Settings, Colleagues, Logout) is never off-screen.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { staffApi } from './fixtures/company.ts';
import { USERS } from './fixtures/portal.ts';
import { signIn } from './fixtures/session.ts';
import { unique } from './fixtures/staff.ts';

const widths = [320, 390, 768, 820, 900, 1024, 1100, 1280, 1440];

/** A user of two companies of the test's own, with long names, so the switcher shows. */
async function userOfTwoCompanies(): Promise<string> {
  const staff = await staffApi();
  try {
    const id = unique();
    const email = `dual.${id}@customer.example`;
    for (const name of [
      `Northwind Facilities Management ${id}`,
      `Contoso Regional Clinics ${id}`,
    ]) {
      const created = await staff.post('/api/staff/customers', { data: { name } });
      expect(created.status()).toBe(201);
      const company = (await created.json()) as { id: string };
      const added = await staff.post(`/api/staff/customers/${company.id}/users`, {
        data: {
          email,
          firstName: 'Maximiliana',
          lastName: 'Castellanos-Whitford',
          role: 'admin',
          confirmOtherCompany: true,
        },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
    return email;
  } finally {
    await staff.dispose();
  }
}

async function expectHeaderFits(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const trigger = page.getByRole('button', { name: /User menu/ });
  await expect(trigger).toBeVisible();
  // Measured after the resize has been laid out (a resize is not instant in the browser).
  await expect
    .poll(() => page.evaluate(() => window.innerWidth), { message: 'viewport' })
    .toBe(width);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  const box = await trigger.boundingBox();
  expect(box, `user menu at ${width} px`).not.toBeNull();
  expect(box!.x, `user menu left edge at ${width} px`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `user menu right edge at ${width} px`).toBeLessThanOrEqual(width);
}

test('Jordan (one company): the header fits from 320 to 1440 px', async ({ page }) => {
  await signIn(page, USERS.acme);
  await expect(page.getByRole('heading', { name: 'Welcome back, Jordan' })).toBeVisible();
  for (const width of widths) await expectHeaderFits(page, width);
});

test('a user of two companies: the header with its company switcher fits from 320 to 1440 px', async ({
  page,
}) => {
  await signIn(page, await userOfTwoCompanies());
  await expect(page.getByRole('heading', { name: 'Welcome back, Maximiliana' })).toBeVisible();
  for (const width of widths) {
    await expectHeaderFits(page, width);
    // The switcher is in the header or, where the header has no room, in the menu drawer.
    const switcher = page.getByLabel('Company');
    if (!(await switcher.isVisible())) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Portal menu' }).getByLabel('Company'),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    } else {
      const box = await switcher.boundingBox();
      expect(box!.x + box!.width, `switcher right edge at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
});
