import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { look } from './fixtures/look.ts';
import { choose, chooseCompany, companyWithUser } from './fixtures/staff.ts';

/** Tickets the customer opens by the API, in order; their ids. */
async function openTickets(customer: Page, subjects: string[]) {
  const me = (await (await customer.request.get('/api/auth/user')).json()) as {
    customers: Array<{ id: string }>;
  };
  const companyId = me.customers[0]!.id;
  const ids: string[] = [];
  for (const subject of subjects) {
    const res = await customer.request.post(`/api/customers/${companyId}/tickets`, {
      data: {
        subject,
        description: `${subject}, please`,
        priority: 'normal',
        category: 'Hardware',
        department: 'IT Support',
      },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

test('staff merge a ticket into another of its company from the ticket screen', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { staff, customer, company, close } = await companyWithUser(browser, 'Mira');
  const stamp = Date.now();
  const [fromId, intoId] = await openTickets(customer, [
    `Printer offline ${stamp}`,
    `Printer queue stuck ${stamp}`,
  ]);

  await staff.goto('/staff');
  await chooseCompany(staff, 'Company', company);
  await staff.getByRole('button', { name: `Open ${fromId}` }).click();
  const ticket = staff.getByRole('dialog');
  await ticket.getByRole('button', { name: 'Merge Into…' }).click();
  const merge = staff.getByRole('dialog', { name: `Merge ${fromId} Into…` });
  await choose(staff, 'Merge into', `${intoId} · Printer queue stuck ${stamp}`);
  await look(staff, 'merge-dialog');
  await merge.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(staff.getByText('Tickets Merged').first()).toBeVisible();
  await expect(staff.getByRole('dialog')).toHaveCount(0);

  await staff.getByRole('button', { name: `Open ${intoId}` }).click();
  const survivor = staff.getByRole('dialog');
  await expect(survivor.getByText(`Printer offline ${stamp}, please`)).toBeVisible();
  await expect(survivor.getByText(`merged ${fromId} into this ticket`)).toBeVisible();
  await survivor.getByRole('button', { name: 'Close' }).first().click();

  await staff.getByRole('button', { name: `Open ${fromId}` }).click();
  await expect(staff.getByRole('dialog').getByText(`Merged into ${intoId}`)).toBeVisible();
  await close();
});

test('staff select several rows of the queue and assign them at once', async ({ browser }) => {
  test.setTimeout(120_000);
  const { staff, customer, company, close } = await companyWithUser(browser, 'Bo');
  const stamp = Date.now();
  const ids = await openTickets(customer, [
    `Laptop slow ${stamp}`,
    `VPN drops ${stamp}`,
    `New starter ${stamp}`,
  ]);

  await staff.goto('/staff');
  await chooseCompany(staff, 'Company', company);
  const [first, second] = ids as [string, string, string];
  await staff.getByRole('checkbox', { name: `Select ${first}` }).check();
  // The keyboard: Tab reaches a row's box and Space ticks it.
  await staff.getByRole('checkbox', { name: `Select ${second}` }).focus();
  await staff.keyboard.press('Space');
  const toolbar = staff.getByRole('toolbar', { name: 'Selected tickets' });
  await expect(toolbar).toContainText('2 Selected');
  await look(staff, 'queue-selection');
  await choose(staff, 'Assign Selected', 'Morgan Hayes');
  await expect(staff.getByText('2 Tickets Updated').first()).toBeVisible();
  await expect(toolbar).toHaveCount(0);

  const row = (id: string) => staff.getByRole('row').filter({ hasText: id });
  await expect(row(first)).toContainText('Morgan Hayes');
  await expect(row(second)).toContainText('Morgan Hayes');
  await expect(row(ids[2]!)).toContainText('Unassigned');

  // Select all on the page, then the server's answer for each row.
  await staff.getByRole('checkbox', { name: 'Select All on This Page' }).check();
  await expect(toolbar).toContainText('3 Selected');
  await choose(staff, 'Priority of Selected', 'High');
  await expect(staff.getByText('3 Tickets Updated').first()).toBeVisible();
  for (const id of ids) await expect(row(id)).toContainText('High');
  await close();
});
