// Issue 39 items 5 and 6: a company's statement on the portal's invoices screen (admin and
// billing), downloaded as PDF and CSV, and the workspace's accounts-receivable screen. The
// company is the test's own, its invoices made through the staff API on days around today.
import type { APIRequestContext, Locator } from '@playwright/test';
import { officeToday } from '../../src/shared/statement-periods.ts';
import { expect, test } from './fixtures/test.ts';
import { newCompany, type OwnCompany } from './fixtures/company.ts';
import { look } from './fixtures/look.ts';
import { openedInNewTab } from './fixtures/portal.ts';
import { signIn } from './fixtures/session.ts';
import { choose, unique } from './fixtures/staff.ts';

const BILLING_STAFF_EMAIL = 'billing@example.com';

test.use({ actionTimeout: 15_000 });

const day = (offset: number) =>
  new Date(Date.parse(`${officeToday()}T00:00:00Z`) + offset * 86_400_000)
    .toISOString()
    .slice(0, 10);

/** An issued invoice of one line, and a payment against it when `paid` is given. */
async function invoice(
  staff: APIRequestContext,
  company: OwnCompany,
  spec: { amount: number; issued: number; due: number; paid?: number },
) {
  const draft = await staff.post(`/api/staff/customers/${company.id}/invoice-drafts`, {
    data: {
      number: `ST-${unique()}`,
      description: 'Managed services',
      issueDate: day(spec.issued),
      dueDate: day(spec.due),
      lines: [{ description: 'Managed services', quantity: 1, unitPrice: spec.amount }],
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  const { id } = (await draft.json()) as { id: string };
  expect((await staff.post(`/api/staff/invoices/${id}/issue`)).status()).toBe(200);
  if (spec.paid) {
    const paid = await staff.post(`/api/staff/invoices/${id}/payments`, {
      data: { amount: spec.paid, method: 'cheque', reference: 'CHQ 100', receivedOn: day(0) },
    });
    expect(paid.status(), await paid.text()).toBe(200);
  }
}

/**
 * A company owing 1,000.00 not yet due and 400.00 of 650.00 due 45 days ago (250.00 paid
 * today), with an admin (its first user) and a billing user.
 */
async function owingCompany(): Promise<OwnCompany & { billing: string }> {
  let billing = '';
  const company = await newCompany(
    { firstName: 'Statement', lastName: 'Admin' },
    async (staff, c) => {
      await invoice(staff, c, { amount: 650, issued: -75, due: -45, paid: 250 });
      await invoice(staff, c, { amount: 1000, issued: 0, due: 30 });
      billing = `billing.${unique()}@customer.example`;
      const invited = await staff.post(`/api/staff/customers/${c.id}/users`, {
        data: { email: billing, firstName: 'Bill', lastName: 'Payer', role: 'billing' },
      });
      expect(invited.status()).toBe(201);
    },
  );
  return { ...company, billing };
}

/** The amount under `label` in the statement's list `list` ("Statement totals", "Ageing"). */
const amount = (scope: Locator, list: string, label: string) =>
  scope
    .locator(`dl[aria-label="${list}"] > div`)
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('dd');

test('billing and admin read the statement, switch the period and download its PDF and CSV', async ({
  page,
}) => {
  const company = await owingCompany();
  for (const [who, email] of [
    ['billing', company.billing],
    ['admin', company.email],
  ] as const) {
    await signIn(page, email);
    await page.goto('/portal/invoices');
    const card = page.getByRole('heading', { name: 'Statement', level: 2 }).locator('../..');
    await expect(card).toBeVisible();
    await choose(page, 'Statement period', 'This year');
    // Early in January the older invoice falls before the year: the closing balance is the same.
    await expect(amount(card, 'Statement totals', 'Closing balance')).toHaveText('$1,400.00');
    await expect(amount(card, 'Ageing', 'Current')).toHaveText('$1,000.00');
    await expect(amount(card, 'Ageing', '31-60 days')).toHaveText('$400.00');
    await look(page, `statement-portal-${who}`, [390, 768, 1280]);

    await choose(page, 'Statement period', 'Custom');
    await card.getByLabel('From', { exact: true }).fill(day(-80));
    await card.getByLabel('To', { exact: true }).fill(day(-1));
    // Before today's payment and invoice: all of the older one, due 45 days ago.
    await expect(amount(card, 'Statement totals', 'Closing balance')).toHaveText('$650.00');
    await expect(amount(card, 'Ageing', '31-60 days')).toHaveText('$650.00');
    await expect(amount(card, 'Ageing', 'Current')).toHaveText('$0.00');

    const pdf = await openedInNewTab(page, /\/statement\/pdf\?/, () =>
      card.getByRole('link', { name: 'Download PDF' }).click(),
    );
    expect(new URL(pdf).searchParams.get('from')).toBe(day(-80));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Statement ${day(-80)} to ${day(-1)}.csv`);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    expect(text).toContain('Date,Type,Invoice,Description,Amount (USD),Balance (USD)\r\n');
    expect(text).toContain(`${day(-1)},Closing balance,,${company.name},,650.00\r\n`);
    await page.context().clearCookies();
  }
});

test('a backwards custom period says so and offers no download', async ({ page }) => {
  const company = await owingCompany();
  await signIn(page, company.billing);
  await page.goto('/portal/invoices');
  await choose(page, 'Statement period', 'Custom');
  await page.getByLabel('From', { exact: true }).fill(day(-1));
  await page.getByLabel('To', { exact: true }).fill(day(-10));
  await expect(page.getByRole('alert')).toHaveText(
    'Choose a period that starts on or before the day it ends.',
  );
  await expect(page.getByRole('link', { name: /^Download/ })).toHaveCount(0);
  await page.getByLabel('To', { exact: true }).fill(day(-1));
  await expect(page.getByRole('link', { name: /^Download/ })).toHaveCount(2);
});

test('billing staff find a company in Receivables, its ageing at today, and open its statement', async ({
  page,
}) => {
  const company = await owingCompany();
  // The seeded billing member (README): Receivables is in the nav of every role that reads invoices.
  await signIn(page, BILLING_STAFF_EMAIL);
  await page.getByRole('link', { name: 'Receivables' }).first().click();
  await expect(page.getByRole('heading', { name: 'Accounts Receivable', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search companies' }).fill(company.name);
  const table = page.getByRole('table', { name: 'Accounts Receivable' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    company.name,
    '$1,400.00',
    '$1,000.00',
    '$0.00',
    '$400.00',
    '$0.00',
    '$0.00',
    'Statement',
  ]);
  await look(page, 'receivables-staff', [390, 768, 1280]);
  await page.getByRole('button', { name: `Statement of ${company.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Statement of ${company.name}` });
  await choose(page, 'Statement period', 'This year');
  await expect(amount(dialog, 'Ageing', '31-60 days')).toHaveText('$400.00');
  await look(page, 'receivables-statement-staff', [390, 768, 1280]);
});
