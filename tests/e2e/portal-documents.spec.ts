import fs from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import {
  USERS,
  chooseOption,
  expectStat,
  expectToast,
  firstColumn,
  firstCompanyId,
  openPortal,
  openedInNewTab,
} from './fixtures/portal.ts';

/** Base-1024 units with 2 decimals, written out here independently of the app. */
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(2)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(2)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

test('cards, columns and rows of Acme documents', async ({ page }) => {
  await openPortal(page, USERS.acme, '/portal/documents');
  const customerId = await firstCompanyId(page);
  const api = (await (
    await page.request.get(`/api/customers/${customerId}/documents`)
  ).json()) as Array<{ size: number }>;
  await expectStat(page, 'Total Documents', '4');
  await expectStat(page, 'Project Documents', '1');
  await expectStat(page, 'Invoices', '1');
  await expectStat(page, 'Total Size', size(api.reduce((s, d) => s + d.size, 0)));

  const table = page.getByRole('region', { name: 'Documents' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Name',
    'Category',
    'Type',
    'Size',
    'Uploaded By',
    'Date',
    'Actions',
  ]);
  const row = table.getByRole('row').filter({ hasText: 'Wi-Fi Survey Report.pdf' });
  await expect(row).toContainText('Warehouse Wi-Fi 6 Upgrade');
  await expect(row).toContainText('Project');
  await expect(row).toContainText('pdf');
  await expect(row).toContainText(/\d+\.\d{2} KB/);
  await expect(row).toContainText('Morgan Hayes');
  await expect(row).toContainText(/\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
});

test('search (name or project name) and both filters combine', async ({ page }) => {
  await openPortal(page, USERS.acme, '/portal/documents');
  const search = page.getByRole('searchbox', { name: 'Search documents' });
  await page.getByRole('combobox', { name: 'Filter by type' }).click();
  await expect(page.getByRole('option')).toHaveText(['All Types', 'CSV', 'PDF']);
  await page.keyboard.press('Escape');

  await search.fill('warehouse wi-fi');
  await expect
    .poll(() => firstColumn(page, 'Documents'))
    .toEqual([expect.stringContaining('Wi-Fi Survey Report.pdf')]);
  await search.fill('');
  await chooseOption(page, 'Filter by type', 'CSV');
  await expect.poll(() => firstColumn(page, 'Documents')).toEqual(['Invoice History.csv']);
  await chooseOption(page, 'Filter by category', 'Compliance');
  await expect(page.getByText('No documents found')).toBeVisible();
  await chooseOption(page, 'Filter by type', 'All Types');
  // The rows come from the server now: wait for the answer rather than read at once.
  await expect.poll(async () => (await firstColumn(page, 'Documents')).length).toBeGreaterThan(0);
  await chooseOption(page, 'Filter by category', 'Invoice');
  await expect.poll(() => firstColumn(page, 'Documents')).toEqual(['Invoice History.csv']);
  await search.fill('HISTORY');
  await expect.poll(() => firstColumn(page, 'Documents')).toEqual(['Invoice History.csv']);
  await search.fill('survey');
  await expect(page.getByText('No documents found')).toBeVisible();
});

test('download saves the real file, preview opens PDFs only', async ({ page }) => {
  await openPortal(page, USERS.acme, '/portal/documents');
  // The new tab turns into a download and closes; Chromium may report it on either tab.
  const downloaded = new Promise<Download>((resolve) => {
    page.once('download', resolve);
    page.once('popup', (popup) => popup.once('download', resolve));
  });
  await page.getByRole('button', { name: 'Download Invoice History.csv' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('Invoice History.csv');
  const saved = await fs.readFile((await download.path())!, 'utf8');
  expect(saved.startsWith('number,description,amount,status\n')).toBe(true);
  await expectToast(page, 'Download Started', 'Downloading Invoice History.csv');

  await page.getByRole('button', { name: 'Preview Invoice History.csv' }).click();
  await expectToast(page, 'Preview Not Available', 'Preview is only available for PDF files.');

  const preview = await openedInNewTab(
    page,
    /\/documents\/[0-9a-f-]{36}\/download\?inline=1$/,
    () => page.getByRole('button', { name: 'Preview Wi-Fi Survey Report.pdf' }).click(),
  );
  const res = await page.request.get(preview);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.headers()['content-disposition']).toMatch(/^inline;/);
});

test('a company with no documents sees marked sample rows without file actions', async ({
  page,
}) => {
  await openPortal(page, USERS.initech, '/portal/documents');
  await expect(page.getByRole('note')).toContainText('Sample data. Initech has no documents yet');
  await expectStat(page, 'Total Documents', '3');
  await expectStat(page, 'Total Size', '2.53 MB');
  await expect(page.getByRole('button', { name: 'Download Security Policy.docx' })).toBeDisabled();
  await expect(
    page.getByRole('button', { name: 'Preview Network Assessment Report.pdf' }),
  ).toBeDisabled();
});
