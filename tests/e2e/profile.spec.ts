import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../../src/server/seed/demo.ts';
import { newCompany } from './fixtures/company.ts';
import { addSession } from './fixtures/session.ts';
import { expect, test } from './fixtures/test.ts';

async function openProfile(page: Page, email: string) {
  await addSession(page.context(), email);
  await page.goto('/portal/profile');
  await expect(page.getByRole('heading', { name: 'Profile & Settings' })).toBeVisible();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

test('add a site, cancel a delete, confirm a delete', async ({ page }) => {
  // A company of its own, with one site that stays when the added one is deleted.
  const company = await newCompany({ firstName: 'Jordan', lastName: 'Lee' });
  await addSession(page.context(), company.email);
  const kept = await page.request.post(`/api/customers/${company.id}/sites`, {
    data: {
      name: 'Dallas Distribution Center',
      address: '4500 Logistics Pkwy, Dallas, TX 75241',
      contactPerson: 'Jordan Lee',
      contactEmail: company.email,
      contactPhone: '(214) 555-0100',
    },
  });
  expect(kept.status()).toBe(201);
  await openProfile(page, company.email);
  const sites = card(page, 'Company Sites');
  const name = `Irving Dispatch ${Date.now()}`;

  await sites.getByRole('button', { name: 'Add Site' }).click();
  const form = sites.getByRole('form', { name: 'Add site' });
  await form.getByRole('button', { name: 'Add Site' }).click();
  for (const message of [
    'Site name is required',
    'Address is required',
    'Contact person is required',
    'Valid email is required',
    'Phone number is required',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await form.getByLabel('Site Name').fill(name);
  await form
    .getByRole('textbox', { name: 'Address', exact: true })
    .fill('600 E Las Colinas Blvd, Irving, TX 75039');
  await form.getByLabel('Contact Person').fill('Alex Moreno');
  await form.getByLabel('Contact Email').fill('alex.moreno@acme-logistics.example');
  await form.getByLabel('Contact Phone').fill('(972) 555-0147');
  // Issue 39: the site invoices are addressed to is marked when added.
  await form.getByRole('checkbox', { name: /^Billing address/ }).check();
  await form.getByRole('button', { name: 'Add Site' }).click();
  await expect(page.getByTestId('toast')).toContainText('Site Added');
  await expect(form).toBeHidden();
  const list = sites.getByRole('list', { name: 'Company sites' });
  await expect(list.getByText(name)).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: name })).toContainText(
    'Billing address',
  );

  const remove = sites.getByRole('button', { name: `Delete site ${name}` });
  await remove.click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this site?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByText(name)).toBeVisible();

  await remove.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast')).toContainText('Site Deleted');
  await expect(list.getByText(name)).toHaveCount(0);
  await page.reload();
  await expect(card(page, 'Company Sites').getByText('Dallas Distribution Center')).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);
});

test('a failed save shows the failure toast and puts the switch back', async ({
  page,
  consoleErrors,
}) => {
  await openProfile(page, DEMO_USERS.acme);
  // The network drops the save: the browser logs the failed request, which is the point here.
  await page.route('**/api/auth/notifications', (route) => route.abort('connectionfailed'));
  const invoices = page.getByRole('switch', { name: 'Invoices' });
  await expect(invoices).toBeChecked();
  await invoices.click();
  await expect(page.getByTestId('toast')).toContainText(
    'Failed to update notification settings. Please try again.',
  );
  await expect(invoices).toBeChecked();
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !/ERR_CONNECTION_FAILED|Failed to fetch/.test(e)),
  );
});

test('the profile screen has no serious accessibility violations', async ({ page }) => {
  await openProfile(page, DEMO_USERS.acme);
  await card(page, 'User Profile').getByRole('button', { name: 'Edit' }).click();
  await card(page, 'Company Sites').getByRole('button', { name: 'Add Site' }).click();
  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
    ['serious', 'critical'].includes(v.impact ?? ''),
  );
  expect(violations).toEqual([]);
});

test('the Company Sites card lists every site, past the first page of the list', async ({
  page,
}) => {
  const company = await newCompany({ firstName: 'Sam', lastName: 'Ortiz' });
  await addSession(page.context(), company.email);
  // More than one page of the largest size (200): the card must follow Link: rel="next".
  const count = 205;
  for (let i = 1; i <= count; i += 1) {
    const res = await page.request.post(`/api/customers/${company.id}/sites`, {
      data: {
        name: `Depot ${String(i).padStart(3, '0')}`,
        address: `${i} Freight Rd, Dallas, TX 75241`,
        contactPerson: 'Sam Ortiz',
        contactEmail: company.email,
        contactPhone: '(214) 555-0100',
      },
    });
    expect(res.status()).toBe(201);
  }
  await openProfile(page, company.email);
  const list = card(page, 'Company Sites').getByRole('list', { name: 'Company sites' });
  await expect(list.getByText('Depot 205', { exact: true })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(count);
});
