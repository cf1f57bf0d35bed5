import { expect, test } from './fixtures/test.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('the mobile menu opens, closes on Escape, a click outside, Tab out and when a link is chosen', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const toggle = page.locator('header summary[aria-label="Menu"]');
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  // Escape closes it and gives focus back to its button (islands/mobile-menu.ts).
  await menu.getByRole('link', { name: 'Home' }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  // A click on the dimmed page closes it.
  await toggle.click();
  await page.mouse.click(20, 400);
  await expect(menu).toBeHidden();

  // Tabbing past its last link closes it.
  await toggle.click();
  await page.getByRole('link', { name: 'Portal Login' }).last().focus();
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();

  await toggle.click();
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Meridian IT Services');
  await expect(menu).toBeHidden();

  await toggle.click();
  await expect(menu.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  const extras = page.locator('details[data-mobile-menu]');
  await expect(extras.getByRole('link', { name: 'Portal Login' })).toHaveAttribute(
    'href',
    '/api/login',
  );
  const help = extras.getByRole('link', { name: 'Help Center' });
  await expect(help).toHaveAttribute('target', '_blank');
  await expect(help).toHaveAttribute('rel', 'noopener noreferrer');
});
