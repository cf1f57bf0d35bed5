import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures/test.ts';
import { e2eDirs } from './ports.ts';
import { companyWithUser, chooseCompany } from './fixtures/staff.ts';
import { mailFiles } from './fixtures/sign-in.ts';

test('an agent adds an internal note: staff see it, the customer sees nothing of it, no mail carries it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { staff, customer, company, close } = await companyWithUser(browser, 'Quinn');
  const me = (await (await customer.request.get('/api/auth/user')).json()) as {
    customers: Array<{ id: string }>;
  };
  const subject = `VPN drops ${Date.now()}`;
  const created = await customer.request.post(`/api/customers/${me.customers[0]!.id}/tickets`, {
    data: {
      subject,
      description: 'The VPN drops every hour.',
      priority: 'normal',
      category: 'Hardware',
      department: 'IT Support',
    },
  });
  expect(created.status()).toBe(201);

  await staff.goto('/staff');
  await chooseCompany(staff, 'Company', company);
  await staff
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: /^Open TK-/ })
    .click();
  const dialog = staff.getByRole('dialog', { name: subject });
  const notes = dialog.getByRole('region', { name: /Internal Notes/ });
  await expect(notes).toContainText('Staff only');
  const seen = await mailFiles();
  const note = 'Their firewall is ours to replace next quarter.';
  await notes.getByLabel('Add an internal note').fill(note);
  await notes.getByRole('button', { name: 'Add Note' }).click();
  await expect(staff.getByTestId('toast')).toContainText('Note Added');
  await expect(notes.getByText(note)).toBeVisible();
  await expect(notes.getByText('Morgan Hayes')).toBeVisible();
  // Not a reply: the conversation is unchanged.
  await expect(dialog.getByRole('region', { name: 'Conversation' })).not.toContainText(note);

  await customer.goto('/portal/tickets');
  await customer
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: /View ticket/ })
    .click();
  const view = customer.getByRole('dialog', { name: subject });
  await expect(view.getByText('The VPN drops every hour.')).toBeVisible();
  await expect(customer.locator('body')).not.toContainText(note);
  await expect(customer.locator('body')).not.toContainText('Internal Notes');
  // No mail carries the note (the outbox check is in the API test: none is even queued).
  for (const file of await mailFiles()) {
    if (seen.has(file)) continue;
    expect(await fs.readFile(path.join(e2eDirs.mail, file), 'utf8')).not.toContain(note);
  }
  await close();
});
