import { expect, test } from './fixtures/test.ts';
import { look } from './fixtures/look.ts';
import { signedInPage } from './fixtures/session.ts';
import { STAFF_EMAIL, choose, createCompany, unique } from './fixtures/staff.ts';

const WIDTHS = [1280, 768, 390];

test('billing sets up a monthly retainer by keyboard, pauses and resumes it; an agent reads it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInPage(browser, STAFF_EMAIL);
  const company = `Retainer Co ${unique()}`;
  await createCompany(admin, company);
  const companyUrl = admin.url();
  await admin.context().close();

  const billing = await signedInPage(browser, 'billing@example.com');
  await billing.goto(companyUrl);
  await expect(billing.getByRole('heading', { name: 'Recurring Invoices' })).toBeVisible();
  await expect(billing.getByText('No recurring invoices')).toBeVisible();

  await billing.getByRole('button', { name: 'New Recurring Invoice' }).click();
  const dialog = billing.getByRole('dialog', { name: 'New Recurring Invoice' });
  await dialog.getByLabel('Name').fill('Managed services retainer');
  const line1 = dialog.getByRole('group', { name: 'Line 1' });
  await line1.getByLabel('Line description').fill('Help desk, 20 users');
  await line1.getByLabel('Quantity').fill('20');
  await line1.getByLabel('Unit price (USD)').fill('45');
  await line1.getByLabel('Tax rate (%)').fill('20');
  // A second line by keyboard: the button takes Enter, the new row's fields take Tab.
  await dialog.getByRole('button', { name: 'Add Line' }).focus();
  await billing.keyboard.press('Enter');
  await dialog.getByRole('group', { name: 'Line 2' }).getByLabel('Line description').focus();
  await billing.keyboard.type('Backup licence');
  await billing.keyboard.press('Tab');
  await billing.keyboard.press('ControlOrMeta+a');
  await billing.keyboard.type('1.5');
  await billing.keyboard.press('Tab');
  await billing.keyboard.press('ControlOrMeta+a');
  await billing.keyboard.type('10.01');
  await choose(billing, 'Run day', "31 (or the month's last day)");
  await dialog.getByLabel('Time zone').fill('Pacific/Auckland');
  await look(billing, 'recurring-dialog', WIDTHS);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(billing.getByTestId('toast')).toContainText('Recurring Invoice Created');
  const schedule = 'Monthly on day 31 (Pacific/Auckland) · Issue and mail · due in 30 days';
  await expect(billing.getByText(schedule)).toBeVisible();
  // 20 × 45.00 + 20 % = 1,080.00; 1.5 × 10.01 = 15.02.
  await expect(billing.getByText('$1,095.02 · 2 lines')).toBeVisible();
  await look(billing, 'recurring-card-billing', WIDTHS);

  await billing.getByRole('button', { name: 'Pause: Managed services retainer' }).click();
  await expect(billing.getByText('Paused', { exact: true })).toBeVisible();
  await billing.getByRole('button', { name: 'Resume: Managed services retainer' }).click();
  await expect(
    billing.getByRole('button', { name: 'Pause: Managed services retainer' }),
  ).toBeVisible();
  await expect(billing.getByText('Paused', { exact: true })).toHaveCount(0);

  await billing.getByRole('button', { name: 'Runs: Managed services retainer' }).click();
  const runs = billing.getByRole('dialog', { name: 'Runs: Managed services retainer' });
  await expect(runs.getByText('No runs yet')).toBeVisible();
  await billing.keyboard.press('Escape');
  await expect(runs).toHaveCount(0);
  await billing.context().close();

  const agent = await signedInPage(browser, 'agent@example.com');
  await agent.goto(companyUrl);
  await expect(agent.getByText(schedule)).toBeVisible();
  await expect(
    agent.getByRole('button', { name: 'Runs: Managed services retainer' }),
  ).toBeVisible();
  await expect(agent.getByRole('button', { name: 'New Recurring Invoice' })).toHaveCount(0);
  await expect(agent.getByRole('button', { name: 'Edit: Managed services retainer' })).toHaveCount(
    0,
  );
  await look(agent, 'recurring-card-agent', WIDTHS);
  await agent.context().close();
});
