import { expect, test } from './fixtures/test.ts';
import { USERS, expectStat, openPortal } from './fixtures/portal.ts';

test('Acme sees its own figures, lists and links on the dashboard', async ({ page }) => {
  await openPortal(page, USERS.acme, '/portal');
  await expect(page.getByRole('heading', { name: 'Welcome back, Jordan' })).toBeVisible();
  // Seed: pending 18,640.00 + 4,850.00, overdue 1,295.00 + 3,120.75.
  await expectStat(page, 'Outstanding Balance', '$27,905.75');
  await expectStat(page, 'Active Projects', '1');
  await expectStat(page, 'Open Tickets', '2');
  // Seed: three entries this month per project, 6.50 h on the one in progress, 1.25 h on the others.
  await expectStat(page, "This Month's Hours", '30.75');

  const invoices = page.getByRole('listitem').filter({ hasText: 'INV-2026-1003' });
  await expect(invoices).toContainText('$18,640.00');
  await expect(invoices).toContainText('Pending');
  await expect(invoices).toContainText(/Due \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByText(/^INV-2026-1\d{3}$/)).toHaveCount(5);

  const project = page.getByRole('listitem').filter({ hasText: 'Warehouse Wi-Fi 6 Upgrade' });
  await expect(project).toContainText('In Progress');
  await expect(project).toContainText('65%');
  await expect(project.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '65');
  await expect(project).toContainText(/Started \w{3} \d{1,2}, \d{4}/);

  const ticket = page
    .getByRole('listitem')
    .filter({ hasText: /^Scanner drops Wi-Fi near dock door 12TK-/ });
  await expect(ticket).toContainText(/TK-\d{4} · \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
  await expect(ticket).toContainText('High');

  // Spec section 2: Recent Activity shows a date, without the time.
  const activity = page
    .getByRole('listitem')
    .filter({ hasText: 'Quarterly business review scheduled' });
  await expect(activity.locator('p').last()).toHaveText(/^\w{3} \d{1,2}, \d{4}$/);
  await expect(page.locator('[data-type="payment"]')).toHaveClass(/bg-green-600/);
  await expect(page.locator('[data-type="milestone"]')).toHaveClass(/bg-blue-600/);
  await expect(page.getByRole('note')).toHaveCount(0);

  await page.getByRole('link', { name: 'New Ticket' }).click();
  await expect(page).toHaveURL(/\/portal\/tickets$/);
  await page.goBack();
  await page.getByRole('link', { name: 'View All' }).first().click();
  await expect(page).toHaveURL(/\/portal\/invoices$/);
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
});

test("Globex's dashboard shows only Globex rows", async ({ page }) => {
  await openPortal(page, USERS.globex, '/portal/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Sam' })).toBeVisible();
  await expect(page.getByText(/^INV-2026-2\d{3}$/).first()).toBeVisible();
  await expect(page.getByText(/^INV-2026-1\d{3}$/)).toHaveCount(0);
  await expect(page.getByText('POS Rollout - Southwest Region')).toBeVisible();
  await expect(page.getByText('Warehouse Wi-Fi 6 Upgrade')).toHaveCount(0);
});

test('a company with no rows sees zeros and clearly marked sample rows', async ({ page }) => {
  await openPortal(page, USERS.initech, '/portal/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Alex' })).toBeVisible();
  await expectStat(page, 'Outstanding Balance', '$0.00');
  await expectStat(page, 'Active Projects', '0');
  await expectStat(page, 'Open Tickets', '0');
  await expectStat(page, "This Month's Hours", '0');
  const notices = page.getByRole('note');
  await expect(notices).toHaveCount(4);
  await expect(notices.first()).toHaveText('Sample data. Initech has no invoices yet.');
  await expect(page.getByText('INV-SAMPLE-001')).toBeVisible();
  await expect(page.getByText('Printer not connecting to Wi-Fi')).toBeVisible();
  // The sample Active Projects card holds in-progress projects only, like the real one.
  const active = page.getByRole('heading', { name: 'Active Projects' }).locator('xpath=../..');
  await expect(active.getByRole('progressbar')).toHaveCount(1);
  await expect(active).toContainText('Office Network Upgrade');
  await expect(active).toContainText('In Progress');
  await expect(active).not.toContainText('Cloud Backup Setup');
  await expect(active).not.toContainText('Laptop Refresh');
});
