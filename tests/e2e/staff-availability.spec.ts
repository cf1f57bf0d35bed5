import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { look, lookHere } from './fixtures/look.ts';
import { signedInPage } from './fixtures/session.ts';
import { STAFF_EMAIL } from './fixtures/staff.ts';

/** With AVAILABILITY_SHOTS=dir, the screens at 1280 and 390 px for ADR 057's look. */
const staffRow = (page: Page) => page.getByRole('row').filter({ hasText: STAFF_EMAIL });

test('an agent marks themselves away in the header and back in the staff menu; the Security screen shows it (ADR 063)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await signedInPage(browser, STAFF_EMAIL);
  // Available whatever an earlier run left (no assignment rule other specs use reads it).
  const reset = await staff.request.put('/api/staff/me/availability', {
    data: { available: true },
  });
  expect(reset.status()).toBe(200);
  await staff.setViewportSize({ width: 1280, height: 900 });
  await staff.goto('/staff');
  const header = staff.getByRole('banner');
  const toggle = header.getByRole('switch', { name: 'Available' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(staff.getByTestId('toast').last()).toContainText('You Are Away');
  await expect(toggle).not.toBeChecked();
  await look(staff, 'availability-header', [1280]);

  await staff.goto('/staff/security');
  await expect(staffRow(staff)).toContainText('Away');

  await staff.setViewportSize({ width: 390, height: 844 });
  await expect(toggle).toBeHidden();
  await staff.getByRole('button', { name: 'Open menu' }).click();
  const menu = staff.getByRole('dialog', { name: 'Staff menu' });
  const inMenu = menu.getByRole('switch', { name: 'Available' });
  await expect(inMenu).not.toBeChecked();
  await lookHere(staff, 'availability-menu-390');
  await inMenu.click();
  await expect(staff.getByTestId('toast').last()).toContainText('You Are Available');
  await expect(inMenu).toBeChecked();
  // Escape closes the menu the toast came up over (the toast is Radix's newest layer).
  await staff.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  // The list is a table from 1024 px (cards below, without rows).
  await staff.setViewportSize({ width: 1280, height: 900 });
  await expect(staffRow(staff)).toContainText('Available');
  await look(staff, 'availability-security');

  await staff.goto('/staff/service-levels');
  await expect(staff.getByRole('heading', { name: 'Assignment Rule' })).toBeVisible();
  await expect(staff.getByRole('combobox', { name: 'Rule' })).toContainText('Manual');
  await look(staff, 'assignment-rule');
  await staff.context().close();
});
