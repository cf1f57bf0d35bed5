// Issue 36: the staff workspace on small screens. At 390 px its eight areas wrapped into four
// rows of buttons above every screen; below 1024 px they are now a menu, as in the portal, and
// below 1280 px since a ninth area (Receivables, ADR 069) made the row overflow at 1024.
import { expect, test } from './fixtures/test.ts';
import { signIn } from './fixtures/session.ts';
import { STAFF_EMAIL } from './fixtures/staff.ts';

for (const width of [390, 768, 1024, 1280]) {
  test(`at ${width} px the header is one row and the page does not scroll sideways`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, STAFF_EMAIL);
    await expect(page.getByRole('heading', { name: 'Help Desk', level: 1 })).toBeVisible();
    const header = page.getByRole('banner');
    expect((await header.boundingBox())!.height).toBeLessThan(80);
    const logout = page.getByRole('link', { name: 'Logout' });
    const box = (await logout.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
  });
}

test('below 1024 px the areas are in a menu that closes when one is chosen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, STAFF_EMAIL);
  await expect(page.getByRole('navigation', { name: 'Staff' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Staff menu' });
  await menu.getByRole('link', { name: 'Customers' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/staff\/customers$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByRole('link', { name: 'Customers' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('the areas are a row from 1280 px and a menu at 1024 px', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, STAFF_EMAIL);
  await expect(page.getByRole('heading', { name: 'Help Desk', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByRole('navigation', { name: 'Staff' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
});
