import { expect, test } from './fixtures/test.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test('the mobile menu slides in, traps focus, closes on Escape and when a link is chosen', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const open = page.getByRole('button', { name: 'Open menu' });
  await open.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  // Focus stays inside the open menu.
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Meridian IT Services');

  await open.click();
  await expect(menu.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Portal Login' })).toHaveAttribute(
    'href',
    '/api/login',
  );
  const help = menu.getByRole('link', { name: 'Help Center' });
  await expect(help).toHaveAttribute('target', '_blank');
  await expect(help).toHaveAttribute('rel', 'noopener noreferrer');
});
