import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test.ts';
import { companyWithUser, chooseCompany } from './fixtures/staff.ts';

test('an agent keeps a saved reply and inserts it with Ctrl+/, filled in for the ticket', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { staff, customer, company, close } = await companyWithUser(browser, 'Avery');
  const me = (await (await customer.request.get('/api/auth/user')).json()) as {
    customers: Array<{ id: string }>;
  };
  const subject = `Mailbox full ${Date.now()}`;
  const created = await customer.request.post(`/api/customers/${me.customers[0]!.id}/tickets`, {
    data: {
      subject,
      description: 'Outlook says the mailbox is full.',
      priority: 'normal',
      category: 'Hardware',
      department: 'IT Support',
    },
  });
  expect(created.status()).toBe(201);
  const title = `Mailbox quota ${Date.now()}`;

  await staff.goto('/staff');
  await staff.getByRole('link', { name: 'Saved Replies' }).click();
  await expect(staff.getByRole('heading', { name: 'Saved Replies', level: 1 })).toBeVisible();
  await staff.getByRole('button', { name: 'New Saved Reply' }).click();
  const form = staff.getByRole('dialog', { name: 'New Saved Reply' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Reply text').fill('Hi {{customer.nickname}}');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Unknown placeholder {{customer.nickname}}')).toBeVisible();
  await form
    .getByLabel('Reply text')
    .fill('Hi {{customer.firstName}}, we raised the quota for {{ticket.id}}. {{agent.firstName}}');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByTestId('toast')).toContainText('Saved Reply Saved');
  await expect(staff.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  const { violations } = await new AxeBuilder({ page: staff }).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await staff.goto('/staff');
  await chooseCompany(staff, 'Company', company);
  const row = staff.getByRole('row').filter({ hasText: subject });
  const label = await row.getByRole('button', { name: /^Open TK-/ }).getAttribute('aria-label');
  const ticketId = /TK-\d+/i.exec(label ?? '')?.[0]?.toUpperCase();
  await row.getByRole('button', { name: /^Open TK-/ }).click();
  const dialog = staff.getByRole('dialog', { name: subject });
  const box = dialog.getByLabel('Reply as agent');
  await box.fill('Thanks for waiting. ');
  await box.press('Control+/');
  await staff.getByRole('menuitem', { name: title }).click();
  await expect(box).toHaveValue(
    `Thanks for waiting. Hi Avery, we raised the quota for ${ticketId}. Morgan`,
  );
  await expect(box).toBeFocused();
  await dialog.getByRole('button', { name: 'Send Reply' }).click();
  await expect(staff.getByTestId('toast')).toContainText('Reply Sent');
  await close();
});
