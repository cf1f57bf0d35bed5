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
  tableRows,
} from './fixtures/portal.ts';

test.beforeEach(async ({ context }) => {
  // The external payment pages are not reachable from tests: answer them locally.
  await context.route('https://pay.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Pay</title>' }),
  );
});

test('summary cards, columns in order and every row of Acme', async ({ page }) => {
  await openPortal(page, USERS.acme, '/portal/invoices');
  await expectStat(page, 'Outstanding Balance', '$27,905.75');
  await expectStat(page, 'Paid', '2');
  await expectStat(page, 'Pending', '2');
  await expectStat(page, 'Overdue', '2');
  const table = page.getByRole('region', { name: 'Invoices' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Invoice #',
    'Description',
    'Issue Date',
    'Due Date',
    'Amount',
    'Status',
    'Actions',
  ]);
  const rows = await tableRows(page, 'Invoices');
  expect(rows).toHaveLength(6);
  const dock = rows.find((r) => r[0] === 'INV-2026-1003');
  expect(dock?.slice(1, 6)).toEqual([
    'Dock scanner fleet refresh (40 units)',
    expect.stringMatching(/^\w{3} \d{1,2}, \d{4}$/),
    expect.stringMatching(/^\w{3} \d{1,2}, \d{4}$/),
    '$18,640.00',
    'Pending',
  ]);
});

test('search and the status filter combine', async ({ page }) => {
  await openPortal(page, USERS.acme, '/portal/invoices');
  const search = page.getByRole('searchbox', { name: 'Search invoices' });
  await search.fill('RETAINER');
  await expect
    .poll(() => firstColumn(page, 'Invoices'))
    .toEqual(['INV-2026-1004', 'INV-2026-1001']);
  await chooseOption(page, 'Filter by status', 'Paid');
  await expect.poll(() => firstColumn(page, 'Invoices')).toEqual(['INV-2026-1001']);
  await search.fill('inv-2026-100');
  await expect
    .poll(() => firstColumn(page, 'Invoices'))
    .toEqual(['INV-2026-1002', 'INV-2026-1001']);
  await chooseOption(page, 'Filter by status', 'Overdue');
  await expect
    .poll(() => firstColumn(page, 'Invoices'))
    .toEqual(['INV-2026-1006', 'INV-2026-1005']);
  await search.fill('dock');
  await expect(page.getByText('No invoices found')).toBeVisible();
  await chooseOption(page, 'Filter by status', 'All');
  await expect.poll(() => firstColumn(page, 'Invoices')).toEqual(['INV-2026-1003']);
  await chooseOption(page, 'Filter by status', 'Pending');
  await search.fill('');
  await expect
    .poll(() => firstColumn(page, 'Invoices'))
    .toEqual(['INV-2026-1004', 'INV-2026-1003']);
});

test('the detail dialog pays and opens the PDF in new tabs', async ({ page }) => {
  await openPortal(page, USERS.acme, '/portal/invoices');
  await page.getByRole('button', { name: 'View invoice INV-2026-1003' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invoice INV-2026-1003' });
  await expect(dialog).toContainText('$18,640.00');
  await expect(dialog).toContainText('Pending');
  await expect(dialog).toContainText('Dock scanner fleet refresh (40 units)');
  await expect(dialog).toContainText(/Issue Date\w{3} \d{1,2}, \d{4}/);
  await expect(dialog).toContainText(/Due Date\w{3} \d{1,2}, \d{4}/);

  const [pay] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Pay Now' }).click(),
  ]);
  await expect(pay).toHaveURL('https://pay.example.com/acme/1003');
  await pay.close();

  const customerId = await firstCompanyId(page);
  const pdf = await openedInNewTab(
    page,
    new RegExp(`/api/customers/${customerId}/invoices/[0-9a-f-]{36}/pdf$`),
    () => dialog.getByRole('button', { name: 'PDF' }).click(),
  );
  const res = await page.request.get(pdf);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('row buttons: download, and pay only where the invoice has a payment link', async ({
  page,
}) => {
  await openPortal(page, USERS.acme, '/portal/invoices');
  // Paid invoices have nothing to pay.
  await expect(page.getByRole('button', { name: 'Pay invoice INV-2026-1001' })).toHaveCount(0);
  const [pay] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Pay invoice INV-2026-1005' }).click(),
  ]);
  await expect(pay).toHaveURL('https://pay.example.com/acme/1005');
  await pay.close();

  // Spec section 2: the pay button and "Pay Now" exist only with a payment link.
  await expect(page.getByRole('button', { name: /^View invoice/ })).toHaveCount(6);
  await expect(page.getByRole('button', { name: /^Pay invoice/ })).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Pay invoice INV-2026-1006' })).toHaveCount(0);
  await page.getByRole('button', { name: 'View invoice INV-2026-1006' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invoice INV-2026-1006' });
  await expect(dialog.getByRole('button', { name: 'PDF' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await openedInNewTab(page, /\/invoices\/[0-9a-f-]{36}\/pdf$/, () =>
    page.getByRole('button', { name: 'Download invoice INV-2026-1002' }).click(),
  );
});

test('Globex sees only its own invoices', async ({ page }) => {
  await openPortal(page, USERS.globex, '/portal/invoices');
  await expect(page.getByRole('cell', { name: 'INV-2026-2001', exact: true })).toBeVisible();
  const numbers = await firstColumn(page, 'Invoices');
  expect(numbers.length).toBeGreaterThan(0);
  expect(numbers.every((n) => n.startsWith('INV-2026-2'))).toBe(true);
});

test('a company with no invoices sees sample rows, marked, with no links and so no pay buttons', async ({
  page,
}) => {
  await openPortal(page, USERS.initech, '/portal/invoices');
  await expect(page.getByRole('note')).toContainText(
    'Sample data. Initech has no invoices yet, so the rows below are examples',
  );
  await expect
    .poll(() => firstColumn(page, 'Invoices'))
    .toEqual(['INV-SAMPLE-001', 'INV-SAMPLE-002', 'INV-SAMPLE-003']);
  await page.getByRole('button', { name: 'Download invoice INV-SAMPLE-001' }).click();
  await expectToast(page, 'Download Not Available', 'PDF is not available for this invoice.');
  await expect(page.getByRole('button', { name: /^Pay invoice/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'View invoice INV-SAMPLE-003' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'PDF' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
});
