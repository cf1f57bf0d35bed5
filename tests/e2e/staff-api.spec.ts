import AxeBuilder from '@axe-core/playwright';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { STAFF_EMAIL, unique } from './fixtures/staff.ts';
import { signedInPage } from './fixtures/session.ts';

test('staff make an API token, use it from outside, read the reference, and revoke it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const staff = await signedInPage(browser, STAFF_EMAIL);
  await staff.goto('/staff/api');
  await expect(staff.getByRole('heading', { name: 'API', exact: true })).toBeVisible();

  const name = `Accounting sync ${unique()}`;
  await staff.getByRole('button', { name: 'New Token' }).click();
  const dialog = staff.getByRole('dialog', { name: 'New API Token' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  const shown = staff.getByRole('dialog', { name: 'Copy Your New Token' });
  const token = await shown.getByRole('textbox').inputValue();
  expect(token).toMatch(/^mit_/);
  await shown.getByRole('button', { name: 'Done' }).click();
  const row = staff.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Read only');
  await expect(row).toContainText('Never');
  await expect(staff.locator('body')).not.toContainText(token);

  // A tool outside the browser: no cookie, only the token.
  const tool = await playwrightRequest.newContext({ baseURL });
  const read = await tool.get('/api/staff/customers', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(read.status()).toBe(200);
  const write = await tool.post('/api/staff/customers', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Should not exist' },
  });
  expect(write.status()).toBe(403);

  // The reference lists the routes from the OpenAPI document.
  await staff.getByLabel('Filter endpoints').fill('invoices');
  const invoices = staff.getByRole('region', { name: 'Invoices', exact: true });
  await invoices.getByText('/api/customers/{customerId}/invoices', { exact: true }).first().click();
  await expect(invoices).toContainText('roles admin, billing');
  const { violations } = await new AxeBuilder({ page: staff }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // The token's use shows on the list.
  await staff.reload();
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(staff.getByTestId('toast')).toContainText('Token Revoked');
  await expect(row).toHaveCount(0);
  const after = await tool.get('/api/staff/customers', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
  await tool.dispose();
  await staff.context().close();
});

test("staff read every account's sign-ins on the sign-in log", async ({ browser }) => {
  const staff = await signedInPage(browser, STAFF_EMAIL);
  await staff.getByRole('link', { name: 'Sign-in Log' }).click();
  await expect(staff.getByRole('heading', { name: 'Sign-in Log', level: 1 })).toBeVisible();
  const own = staff.getByRole('row').filter({ hasText: STAFF_EMAIL }).first();
  await expect(own).toContainText('Signed in');
  const { violations } = await new AxeBuilder({ page: staff }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await staff.context().close();
});
