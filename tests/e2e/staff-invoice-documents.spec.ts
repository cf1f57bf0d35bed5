import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { companyWithUser, unique } from './fixtures/staff.ts';
import { signedInPage } from './fixtures/session.ts';
import { look } from './fixtures/look.ts';
import type { StaffInvoiceDocument } from '../../src/shared/schemas/invoice-documents.ts';

// Issue 39 item 6: billing staff draft an invoice with lines, issue it, record a partial
// payment and a credit note; the customer sees the lines and the balance; an agent only reads.
test.setTimeout(180_000);

const WIDTHS = [390, 768, 1280];

/** One of the totals' rows, e.g. "Balance due" and its amount. */
const totalRow = (scope: Locator, label: string) =>
  scope
    .getByLabel('Invoice totals')
    .locator('div', { has: scope.page().locator('dt', { hasText: label }) })
    .locator('dd');

async function fillLine(dialog: Locator, n: number, line: string[]) {
  const [description, quantity, price, tax] = line as [string, string, string, string];
  const group = dialog.getByRole('group', { name: `Line ${n}` });
  await group.getByLabel('Line description').fill(description);
  await group.getByLabel('Quantity').fill(quantity);
  await group.getByLabel('Unit price (USD)').fill(price);
  await group.getByLabel('Tax rate (%)').fill(tax);
}

async function act(page: Page, doc: Locator, button: string, dialogName: string) {
  await doc.getByRole('button', { name: button }).click();
  return page.getByRole('dialog', { name: dialogName });
}

test('billing drafts, issues, takes a partial payment and a credit; the customer sees lines and balance', async ({
  browser,
}) => {
  const { staff, companyUrl, close } = await companyWithUser(browser, 'Quinn');
  // The customer who reads it: a user of the company's billing role.
  const payer = `pat.${unique()}@customer.example`;
  const invited = await staff.request.post(
    `/api/staff/customers/${companyUrl.split('/').pop()}/users`,
    { data: { email: payer, firstName: 'Pat', lastName: 'Payer', role: 'billing' } },
  );
  expect(invited.status(), await invited.text()).toBe(201);
  const billing = await signedInPage(browser, 'billing@example.com');
  // The agreement line 1 bills (ADR 066 addendum): any of the company's, listed per line.
  const agreement = await billing.request.post(
    `/api/staff/customers/${companyUrl.split('/').pop()}/agreements`,
    {
      data: {
        name: 'Managed services agreement',
        type: 'retainer',
        startsOn: '2030-01-01',
        hours: 20,
        rolloverMonths: 0,
        hourlyRate: 95.5,
        overageRate: 120,
        timeZone: 'UTC',
        services: [],
      },
    },
  );
  expect(agreement.status(), await agreement.text()).toBe(201);
  await billing.goto(companyUrl);
  const number = `INV-DOC-${Date.now()}`;

  await billing.getByRole('button', { name: 'New Invoice' }).click();
  const draft = billing.getByRole('dialog', { name: 'New Invoice' });
  await draft.getByLabel('Invoice number').fill(number);
  await draft.getByLabel('Description (the customer reads it)').fill('Managed services, March');
  await draft.getByLabel('Discount (%)').fill('10');
  await fillLine(draft, 1, ['Help desk hours', '12.5', '95.50', '20']);
  const lineAgreement = draft
    .getByRole('group', { name: 'Line 1' })
    .getByRole('combobox', { name: 'Agreement' });
  await expect(lineAgreement).toHaveText('No agreement');
  await lineAgreement.click();
  await billing.getByRole('option', { name: 'Managed services agreement' }).click();
  await expect(lineAgreement).toHaveText('Managed services agreement');
  await draft.getByRole('button', { name: 'Add Line' }).click();
  await fillLine(draft, 2, ['Firewall licence', '3', '19.99', '20']);
  // 1,193.75 + 59.97; 10 % off: 1,128.35; 20 % tax 225.67; total 1,354.02 (as the server).
  const live = draft.getByRole('region', { name: 'Draft totals' });
  await expect(live).toContainText('Tax 20% on $1,128.35$225.67');
  await expect(live).toContainText('Total$1,354.02');
  await look(billing, 'staff-billing-draft', WIDTHS);
  const saved = billing.waitForResponse(
    (r) => r.url().endsWith('/invoice-drafts') && r.request().method() === 'POST',
  );
  await draft.getByRole('button', { name: 'Save Draft' }).click();
  await expect(billing.getByTestId('toast').first()).toContainText('Draft Saved');
  const savedLines = ((await (await saved).json()) as StaffInvoiceDocument).lines;
  expect(savedLines.map((l) => l.agreementName)).toEqual(['Managed services agreement', null]);

  const doc = billing.getByRole('dialog', { name: `Invoice ${number}` });
  await expect(doc.getByText('Draft', { exact: true })).toBeVisible();
  await doc.getByRole('button', { name: 'Issue Invoice' }).click();
  const confirm = billing.getByRole('alertdialog', { name: `Issue ${number}?` });
  await look(billing, 'staff-billing-issue-confirm', WIDTHS);
  await confirm.getByRole('button', { name: 'Issue Invoice' }).click();
  await expect(doc.getByText('Issued', { exact: true })).toBeVisible();

  const payment = await act(billing, doc, 'Record Payment', `Record Payment for ${number}`);
  await payment.getByLabel('Amount (USD)').fill('500');
  await payment.getByLabel('Reference').fill('BACS 77');
  await look(billing, 'staff-billing-payment', WIDTHS);
  await payment.getByRole('button', { name: 'Record Payment' }).click();
  await expect(payment).toBeHidden();
  await expect(doc.getByText('Partly Paid', { exact: true })).toBeVisible();
  await expect(totalRow(doc, 'Balance due')).toHaveText('$854.02');

  const credit = await act(billing, doc, 'Add Credit Note', `Add Credit Note to ${number}`);
  await credit.getByLabel('Amount (USD)').fill('54.02');
  await credit.getByLabel('Reason').fill('Goodwill for the outage');
  await credit.getByRole('button', { name: 'Add Credit Note' }).click();
  await expect(credit).toBeHidden();
  await expect(totalRow(doc, 'Balance due')).toHaveText('$800.00');
  // Money is against it: it is credited, not voided.
  await expect(doc.getByRole('button', { name: 'Void Invoice' })).toHaveCount(0);
  await look(billing, 'staff-billing-document', WIDTHS);
  await doc.getByRole('button', { name: 'Close' }).first().click();
  const row = billing.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Partly Paid');
  await expect(row).toContainText('$800.00');
  await look(billing, 'staff-billing-list', WIDTHS);

  // An agent reads the same document and is offered no write.
  const agent = await signedInPage(browser, 'agent@example.com');
  await agent.goto(companyUrl);
  await expect(agent.getByRole('button', { name: 'New Invoice' })).toHaveCount(0);
  await agent.getByRole('button', { name: `Open ${number}` }).click();
  const agentDoc = agent.getByRole('dialog', { name: `Invoice ${number}` });
  await expect(totalRow(agentDoc, 'Balance due')).toHaveText('$800.00');
  for (const write of ['Record Payment', 'Add Credit Note', 'Void Invoice', 'Status and Link'])
    await expect(agentDoc.getByRole('button', { name: write })).toHaveCount(0);
  await look(agent, 'staff-agent-document', WIDTHS);

  const customer = await signedInPage(browser, payer);
  await customer.goto('/portal/invoices');
  await customer.getByRole('button', { name: `View invoice ${number}` }).click();
  const view = customer.getByRole('dialog', { name: `Invoice ${number}` });
  await expect(view.getByText('$1,354.02').first()).toBeVisible();
  const lines = view.getByRole('list', { name: 'Invoice lines' });
  await expect(lines.getByRole('listitem')).toHaveCount(2);
  await expect(lines).toContainText('Help desk hours');
  await expect(lines).toContainText('12.5 × $95.50 · tax 20%');
  await expect(lines).toContainText('$1,193.75');
  const totals = view.getByLabel('Invoice totals');
  await expect(totals).toContainText('Discount 10%-$125.37');
  await expect(totals).toContainText('Tax 20% on $1,128.35$225.67');
  await expect(totals).toContainText('(Bank transfer, BACS 77)-$500.00');
  await expect(totals).toContainText('Goodwill for the outage-$54.02');
  await expect(totalRow(view, 'Balance due')).toHaveText('$800.00');
  await look(customer, 'portal-billing-invoice-document', WIDTHS);

  await customer.context().close();
  await agent.context().close();
  await billing.context().close();
  await close();
});
