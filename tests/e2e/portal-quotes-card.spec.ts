// ADR 075: the portal's invoices screen lists the company's quotes (never drafts) for admin and
// billing users, each opening its own screen; technical and member users never see one. The
// admin's decision reaches the bell of the staff who keep quotes, linking to the company.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { newCompany } from './fixtures/company.ts';
import { look } from './fixtures/look.ts';
import { expectNoSeriousAxeViolations, openPortal, tableRows } from './fixtures/portal.ts';
import { signedInPage } from './fixtures/session.ts';
import { unique } from './fixtures/staff.ts';

test.use({ actionTimeout: 15_000 });

const validUntil = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);

/** A draft quote of the company through the staff API; its id. */
async function draftQuote(staff: APIRequestContext, companyId: string, title: string) {
  const res = await staff.post(`/api/staff/customers/${companyId}/quotes`, {
    data: {
      title,
      lines: [{ description: 'Switches, 24 port', quantity: 2, unitPrice: 410.5, taxRate: 0 }],
      discount: 0,
      terms: '',
      validUntil,
      projectName: '',
      createInvoice: false,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('the admin finds the sent quote on the invoices screen and declines it; billing staff hear of it; technical and member never see it', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const sentTitle = `Network refresh ${unique()}`;
  const draftTitle = `Unsent idea ${unique()}`;
  const others: Record<'technical' | 'member', string> = { technical: '', member: '' };
  const company = await newCompany({ firstName: 'Quill', lastName: 'Admin' }, async (staff, c) => {
    for (const role of ['technical', 'member'] as const) {
      others[role] = `${role}.${unique()}@customer.example`;
      const added = await staff.post(`/api/staff/customers/${c.id}/users`, {
        data: { email: others[role], firstName: 'Quill', lastName: role, role },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
    const users = (await (await staff.get(`/api/staff/customers/${c.id}/users`)).json()) as {
      id: string;
      email: string;
    }[];
    const admin = users.find((u) => u.email === c.email);
    const sent = await draftQuote(staff, c.id, sentTitle);
    const res = await staff.post(`/api/staff/quotes/${sent}/send`, { data: { userId: admin?.id } });
    expect(res.status(), await res.text()).toBe(200);
    await draftQuote(staff, c.id, draftTitle);
  });

  await openPortal(page, company.email, '/portal/invoices');
  const card = page.getByRole('region', { name: 'Quotes' });
  await expect(card.getByRole('cell', { name: sentTitle })).toBeVisible();
  const rows = await tableRows(page, 'Quotes');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toEqual([
    expect.stringMatching(/^Q-\d{8}-\w+$/),
    sentTitle,
    '$821.00',
    expect.any(String),
    'Awaiting signature',
    '',
  ]);
  await expect(page.getByText(draftTitle)).toHaveCount(0);
  await look(page, 'portal-quotes-card', [1280, 768, 390]);

  await card.getByRole('link', { name: /^View quote Q-/ }).click();
  await expect(page).toHaveURL(/\/portal\/quotes\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: sentTitle })).toBeVisible();
  await page.getByRole('button', { name: 'Decline', exact: true }).click();
  await page.getByLabel('Why do you decline?').fill('Over budget this year');
  await page.getByRole('button', { name: 'Decline quote' }).click();
  await expect(page.getByText('You declined this quote: Over budget this year')).toBeVisible();

  // The staff who keep quotes find the decision in their bell; it opens the company's page.
  const number = rows[0]![0]!;
  const billing = await signedInPage(browser, 'billing@example.com');
  await billing.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const bell = billing.getByRole('dialog', { name: 'Notifications' });
  const notice = bell.getByRole('link', { name: new RegExp(`${number} declined`) });
  await expect(notice).toContainText(`${sentTitle} · ${company.name}`);
  await expect(notice).toContainText('Unread');
  await expectNoSeriousAxeViolations(billing);
  await look(billing, 'staff-bell-quote-declined', [1280, 768, 390]);
  await notice.click();
  await expect(billing).toHaveURL(new RegExp(`/staff/customers/${company.id}$`));
  await billing.context().close();

  for (const role of ['technical', 'member'] as const) {
    await page.context().clearCookies();
    await openPortal(page, others[role], '/portal/invoices');
    // Their screen says invoices are not theirs; no quote shows, and the API refuses.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Quotes' })).toHaveCount(0);
    await expect(page.getByText(sentTitle)).toHaveCount(0);
    const api = await page.request.get(`/api/customers/${company.id}/quotes`);
    expect(api.status(), role).toBe(403);
  }
});
