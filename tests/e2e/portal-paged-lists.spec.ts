// Issue 20: the list screens read pages from the server; search and filters live in the URL.
import { expect, test } from './fixtures/test.ts';
import { newCompany } from './fixtures/company.ts';
import {
  USERS,
  chooseOption,
  expectStat,
  firstColumn,
  openPortal,
  tableRows,
} from './fixtures/portal.ts';

test('search and filters are kept in the URL: a reload and a shared link show the same view', async ({
  page,
}) => {
  await openPortal(page, USERS.acme, '/portal/invoices');
  await page.getByRole('searchbox', { name: 'Search invoices' }).fill('retainer');
  await chooseOption(page, 'Filter by status', 'Paid');
  await expect(page).toHaveURL(/[?&]q=retainer(&|$)/);
  await expect(page).toHaveURL(/[?&]status=paid(&|$)/);
  await expect.poll(() => firstColumn(page, 'Invoices')).toEqual(['INV-2026-1001']);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search invoices' })).toHaveValue('retainer');
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toContainText('Paid');
  await expect.poll(() => firstColumn(page, 'Invoices')).toEqual(['INV-2026-1001']);

  // A link someone shares, with a filter value the screen does not offer: read as "All".
  await page.goto('/portal/tickets?priority=high&status=bogus');
  await expect(page.getByRole('combobox', { name: 'Filter by priority' })).toContainText('High');
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toContainText('All');
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText('High');
});

test('a long list loads its next pages as the user scrolls, cards counted over every row', async ({
  page,
}) => {
  // 130 invoices written through the staff API first: on a loaded machine that alone took most
  // of the default 30 s (CI, 2026-11-28), so this test gets three times the time.
  test.slow();
  const total = 130;
  const company = await newCompany({ firstName: 'Paige', lastName: 'Scroll' }, async (staff, c) => {
    for (let i = 0; i < total; i++) {
      const n = String(i).padStart(3, '0');
      const res = await staff.post(`/api/staff/customers/${c.id}/invoices`, {
        data: {
          number: `SCR-${c.id.slice(0, 8)}-${n}`,
          description: `Scrolled invoice ${n}`,
          amount: 10,
          status: 'paid',
          issueDate: `2025-01-01`,
          dueDate: '2025-02-01',
        },
      });
      expect(res.status()).toBe(201);
    }
  });
  const pages: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/customers\/[^/]+\/invoices(\?|$)/.test(r.url())) pages.push(r.url());
  });
  await openPortal(page, company.email, '/portal/invoices');
  // The cards count all 130, although the first answer holds 50.
  await expectStat(page, 'Paid', String(total));
  await expect.poll(() => tableRows(page, 'Invoices').then((r) => r.length)).toBeGreaterThan(0);
  expect(pages).toHaveLength(1);

  const region = page.getByRole('region', { name: 'Invoices' });
  const last = `SCR-${company.id.slice(0, 8)}-000`;
  // Scroll to the end until the oldest invoice (the last row) is drawn.
  await expect
    .poll(
      async () => {
        await region.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        return firstColumn(page, 'Invoices');
      },
      { timeout: 15_000 },
    )
    .toContain(last);
  expect(pages.length).toBe(3);
  expect(pages.slice(1).every((url) => url.includes('cursor='))).toBe(true);
});

test('a search asks for its page once, when the typing pauses, before the URL changes', async ({
  page,
}) => {
  // The page's own record of when the read starts and when the URL takes the search.
  await page.addInitScript(`
    window.__order = [];
    const fetch0 = window.fetch;
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/invoices?')) window.__order.push('read ' + url);
      return fetch0(input, init);
    };
    const replace0 = history.replaceState.bind(history);
    history.replaceState = (state, title, url) => {
      window.__order.push('url ' + String(url));
      return replace0(state, title, url);
    };
  `);
  await openPortal(page, USERS.acme, '/portal/invoices');
  await expect.poll(() => tableRows(page, 'Invoices').then((r) => r.length)).toBeGreaterThan(1);
  await page.getByRole('searchbox', { name: 'Search invoices' }).pressSequentially('retainer');
  await expect
    .poll(async () => (await tableRows(page, 'Invoices')).map((r) => /retainer/i.test(r.join(' '))))
    .toEqual([true, true]);

  const order = (await page.evaluate('window.__order')) as string[];
  const searched = order.filter((e) => e.includes('q=retainer'));
  expect(searched.map((e) => e.split(' ')[0])).toEqual(['read', 'url']);
  // Nothing was read for the half-typed words: one pause, one read.
  expect(order.filter((e) => e.startsWith('read') && e.includes('q='))).toHaveLength(1);
});

// Spec section 7, "cached data never goes stale automatically" (review row 156): going back
// to a list shows what was read, as its summary cards do; nothing is read again.
test('returning to a list screen reads nothing again', async ({ page }) => {
  const lists: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/customers\/[^/]+\/(invoices|tickets)(\?|$)/.test(r.url())) lists.push(r.url());
  });
  await openPortal(page, USERS.acme, '/portal/invoices');
  await expect.poll(() => tableRows(page, 'Invoices').then((r) => r.length)).toBeGreaterThan(1);
  const nav = page.getByRole('navigation', { name: 'Portal' });
  await nav.getByRole('link', { name: 'Tickets' }).click();
  await expect(page.getByRole('heading', { name: 'Support Tickets', level: 1 })).toBeVisible();
  await expect.poll(() => lists.filter((u) => u.includes('/tickets')).length).toBe(1);
  const before = lists.length;
  await nav.getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Tickets' }).click();
  await expect(page.getByRole('heading', { name: 'Support Tickets', level: 1 })).toBeVisible();
  // A screen mounted after them: a read either list started on its return has been sent.
  await nav.getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();
  expect(lists).toHaveLength(before);
});
