import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { USERS, chooseOption, expectStat, openPortal } from './fixtures/portal.ts';

const cardTitles = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });

test('summary cards and project cards of Acme', async ({ page }) => {
  await openPortal(page, USERS.acme, '/portal/projects');
  await expectStat(page, 'Active', '1');
  await expectStat(page, 'Completed', '1');
  await expectStat(page, 'Scheduled', '1');
  await expectStat(page, 'On Hold', '1');
  await expect(cardTitles(page)).toHaveCount(4);

  const wifi = page.getByRole('article', { name: 'Warehouse Wi-Fi 6 Upgrade' });
  await expect(wifi).toContainText('Replace legacy access points');
  await expect(wifi).toContainText('In Progress');
  await expect(wifi).toContainText('65%');
  await expect(wifi).toContainText(/Start Date\w{3} \d{1,2}, \d{4}/);
  await expect(wifi).toContainText(/Est\. Completion\w{3} \d{1,2}, \d{4}/);
  await expect(wifi).toContainText('Project ManagerPriya Natarajan');
  // Only the first 2 of its 4 milestones.
  await expect(wifi).toContainText('Site surveys complete');
  await expect(wifi).toContainText('Dallas cut-over');
  await expect(wifi).not.toContainText('Houston cut-over');

  const done = page.getByRole('article', { name: 'Endpoint Security Rollout' });
  await expect(done).toContainText(/End Date\w{3} \d{1,2}, \d{4}/);
  await expect(done).not.toContainText('Est. Completion');
});

test('View Details lists every milestone, pending ones as scheduled, and the notes', async ({
  page,
}) => {
  await openPortal(page, USERS.acme, '/portal/projects');
  await page.getByRole('button', { name: 'View Details of Warehouse Wi-Fi 6 Upgrade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Warehouse Wi-Fi 6 Upgrade' });
  const items = dialog.getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('Site surveys complete');
  await expect(items.nth(0)).toContainText('Completed');
  await expect(items.nth(0)).toContainText(/Completed \w{3} \d{1,2}, \d{4}/);
  await expect(items.nth(2)).toContainText('In Progress');
  await expect(items.nth(3)).toContainText('Post-install validation');
  await expect(items.nth(3)).toContainText('Scheduled');
  await expect(items.nth(3)).not.toContainText('Completed');
  await expect(dialog).toContainText('Dallas and Fort Worth sites complete.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('search and the status filter combine, down to the empty state', async ({ page }) => {
  await openPortal(page, USERS.acme, '/portal/projects');
  const search = page.getByRole('searchbox', { name: 'Search projects' });
  await search.fill('WI-FI');
  await expect(cardTitles(page)).toHaveText(['Warehouse Wi-Fi 6 Upgrade']);
  await search.fill('backups');
  await expect(cardTitles(page)).toHaveText(['Backup Modernization']);
  await chooseOption(page, 'Filter by status', 'On Hold');
  await expect(cardTitles(page)).toHaveText(['Backup Modernization']);
  await chooseOption(page, 'Filter by status', 'Completed');
  await expect(page.getByText('No projects found')).toBeVisible();
  await search.fill('');
  await expect(cardTitles(page)).toHaveText(['Endpoint Security Rollout']);
  await chooseOption(page, 'Filter by status', 'Scheduled');
  await expect(cardTitles(page)).toHaveText(['Dispatch Office Relocation']);
  await chooseOption(page, 'Filter by status', 'In Progress');
  await expect(cardTitles(page)).toHaveText(['Warehouse Wi-Fi 6 Upgrade']);
});

test('a company with no projects sees marked sample cards, with TBD for an unknown date', async ({
  page,
}) => {
  await openPortal(page, USERS.initech, '/portal/projects');
  await expect(page.getByRole('note')).toContainText('Sample data. Initech has no projects yet');
  await expect(cardTitles(page)).toHaveText([
    'Office Network Upgrade',
    'Cloud Backup Setup',
    'Laptop Refresh',
  ]);
  const laptop = page.getByRole('article', { name: 'Laptop Refresh' });
  await expect(laptop).toContainText('Est. CompletionTBD');
});
