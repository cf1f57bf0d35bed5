import fs from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { choose, companyWithUser, chooseCompany } from './fixtures/staff.ts';
import { mailFiles, nextMailTo } from './fixtures/sign-in.ts';
import { openedInNewTab } from './fixtures/portal.ts';

test.setTimeout(150_000);

const stat = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

/** The amount a portal stat card shows, e.g. "Outstanding Balance" "$1,234.50", in cents. */
async function statCents(page: Page, label: string): Promise<number> {
  await expect(stat(page, label)).toHaveText(new RegExp(`^${label}\\$[\\d,]+\\.\\d{2}$`));
  const text = (await stat(page, label).textContent()) ?? '';
  return Math.round(Number(text.slice(label.length).replace(/[$,]/g, '')) * 100);
}

/** Cents as the portal writes dollars: "$1,234.50". */
const dollars = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** A small valid one-page PDF, written out by hand with a correct cross-reference table. */
function minimalPdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 20 60 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test("staff answers a customer's ticket; the customer sees the reply with the Agent badge", async ({
  browser,
}) => {
  const { staff, customer, company, email, close } = await companyWithUser(browser, 'Riley');
  const customerId = (
    (await (await customer.request.get('/api/auth/user')).json()) as {
      customers: Array<{ id: string }>;
    }
  ).customers[0]!.id;
  const subject = `Printer jam ${Date.now()}`;
  const created = await customer.request.post(`/api/customers/${customerId}/tickets`, {
    data: {
      subject,
      description: 'Tray 2 jams on every job.',
      priority: 'high',
      category: 'Hardware',
      department: 'IT Support',
    },
  });
  expect(created.status()).toBe(201);

  await staff.goto('/staff');
  await chooseCompany(staff, 'Company', company);
  const row = staff.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('High');
  await expect(row).toContainText('Unassigned');
  await row.getByRole('button', { name: /^Open TK-/ }).click();
  const dialog = staff.getByRole('dialog', { name: subject });
  await choose(staff, 'Assignee', 'Morgan Hayes');
  await expect(staff.getByTestId('toast')).toContainText('Ticket Updated');
  const seen = await mailFiles();
  await dialog.getByLabel('Reply as agent').fill('A technician is on the way.');
  await dialog.getByRole('button', { name: 'Send Reply' }).click();
  await expect(staff.getByTestId('toast')).toContainText('Reply Sent');
  await expect(dialog.getByText('A technician is on the way.')).toBeVisible();

  await customer.goto('/portal/tickets');
  await customer
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: /View ticket/ })
    .click();
  const view = customer.getByRole('dialog', { name: subject });
  await expect(view.getByText('Morgan Hayes').first()).toBeVisible();
  const reply = view
    .getByRole('list', { name: 'Conversation' })
    .getByRole('listitem')
    .filter({ hasText: 'A technician is on the way.' });
  await expect(reply).toContainText('Morgan Hayes');
  await expect(reply.getByText('Agent', { exact: true })).toBeVisible();

  const mail = await nextMailTo(email, seen);
  expect(mail.subject).toMatch(new RegExp(`^\\[TK-\\d+\\] New reply: ${subject}$`));
  await close();
});

test("staff creates an invoice; the customer's balance and invoice list change by that amount", async ({
  browser,
}) => {
  const { staff, customer, close } = await companyWithUser(browser, 'Jamie');
  await customer.goto('/portal/dashboard');
  const before = await statCents(customer, 'Outstanding Balance');

  const number = `INV-E2E-${Date.now()}`;
  await staff.getByRole('button', { name: 'New Invoice' }).click();
  const dialog = staff.getByRole('dialog', { name: 'New Invoice' });
  await dialog.getByLabel('Invoice number').fill(number);
  await dialog.getByLabel('Description (the customer reads it)').fill('Firewall install');
  await dialog.getByLabel('Issue date').fill('2026-03-01');
  await dialog.getByLabel('Due date').fill('2026-03-31');
  await dialog.getByLabel('Line description').fill('Firewall install');
  await dialog.getByLabel('Unit price (USD)').fill('1234.50');
  await dialog.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByTestId('toast').first()).toContainText('Draft Saved');
  await expect(dialog).toBeHidden();
  // A draft is the customer's only once issued.
  const doc = staff.getByRole('dialog', { name: `Invoice ${number}` });
  await doc.getByRole('button', { name: 'Issue Invoice' }).click();
  await staff
    .getByRole('alertdialog', { name: `Issue ${number}?` })
    .getByRole('button', { name: 'Issue Invoice' })
    .click();
  await expect(doc.getByText('Issued', { exact: true })).toBeVisible();
  await doc.getByRole('button', { name: 'Close' }).first().click();
  await expect(staff.getByRole('cell', { name: number, exact: true })).toBeVisible();

  await customer.reload();
  await expect(stat(customer, 'Outstanding Balance')).toHaveText(
    `Outstanding Balance${dollars(before + 123_450)}`,
  );
  await customer.goto('/portal/invoices');
  const row = customer.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Firewall install');
  await expect(row).toContainText('$1,234.50');
  await expect(row).toContainText('Pending');
  await close();
});

test('staff uploads a PDF; the customer previews and downloads the same bytes', async ({
  browser,
}) => {
  const { staff, customer, close } = await companyWithUser(browser, 'Casey');
  const name = `Site Survey ${Date.now()}.pdf`;
  const bytes = minimalPdf('Site survey');
  const form = staff.getByRole('form', { name: 'Upload document' });
  await form.getByLabel('File').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes });
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(form.getByText('Category is required')).toBeVisible();
  await choose(staff, 'Category', 'Compliance');
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(staff.getByTestId('toast')).toContainText('Document Uploaded');
  await expect(staff.getByRole('table', { name: 'Documents' }).getByText(name)).toBeVisible();

  await customer.goto('/portal/documents');
  const preview = await openedInNewTab(
    customer,
    /\/documents\/[0-9a-f-]{36}\/download\?inline=1$/,
    () => customer.getByRole('button', { name: `Preview ${name}` }).click(),
  );
  const inline = await customer.request.get(preview);
  expect(inline.headers()['content-type']).toBe('application/pdf');
  expect(inline.headers()['content-disposition']).toMatch(/^inline;/);
  expect(Buffer.from(await inline.body()).equals(bytes)).toBe(true);

  // The new tab turns into a download and closes; Chromium may report it on either tab.
  const downloaded = new Promise<Download>((resolve) => {
    customer.once('download', resolve);
    customer.once('popup', (popup) => popup.once('download', resolve));
  });
  await customer.getByRole('button', { name: `Download ${name}` }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(name);
  expect((await fs.readFile((await download.path())!)).equals(bytes)).toBe(true);
  await close();
});
