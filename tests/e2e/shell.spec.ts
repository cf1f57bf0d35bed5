import { expect, test } from './fixtures/test.ts';

test('the client shell renders and hydrates with no console errors', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Meridian IT Services/);
});

test('an unknown path shows the 404 screen', async ({ page, consoleErrors }) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  // The document itself answered 404; that network line is expected, nothing else.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/404/.test(e)));
});
