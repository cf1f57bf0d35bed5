// Issue 38 item 3 (ADR 061): the portal's "Mark as Resolved" on a pending ticket and
// "Reopen Ticket" on a closed one within the follow-up window.
import { expect, test } from './fixtures/test.ts';
import { look } from './fixtures/look.ts';
import { expectNoSeriousAxeViolations } from './fixtures/portal.ts';
import { companyWithUser } from './fixtures/staff.ts';

test('the customer marks a pending ticket resolved, then reopens it within the follow-up window', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { staff, customer, close } = await companyWithUser(browser, 'Rowan');
  const me = (await (await customer.request.get('/api/auth/user')).json()) as {
    customers: Array<{ id: string }>;
  };
  const companyId = me.customers[0]!.id;
  const subject = `Scanner offline ${Date.now()}`;
  const opened = await customer.request.post(`/api/customers/${companyId}/tickets`, {
    data: { subject, description: 'Help', category: 'Hardware', department: 'IT Support' },
  });
  expect(opened.status()).toBe(201);
  const id = ((await opened.json()) as { id: string }).id;
  const pending = await staff.request.patch(`/api/staff/tickets/${id}`, {
    data: { status: 'pending' },
  });
  expect(pending.status()).toBe(200);

  await customer.goto('/portal/tickets');
  await customer
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: /View ticket/ })
    .click();
  const dialog = customer.getByRole('dialog', { name: subject });
  const resolve = dialog.getByRole('button', { name: 'Mark as Resolved' });
  await expect(resolve).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reopen Ticket' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(customer);
  await look(customer, 'portal-mark-resolved');

  await resolve.click();
  await expect(customer.getByTestId('toast').last()).toContainText('Ticket Resolved');
  await expect(dialog).toContainText('This ticket is closed.');
  await expect(resolve).toHaveCount(0);
  const reopen = dialog.getByRole('button', { name: 'Reopen Ticket' });
  await expect(reopen).toBeVisible();
  await expect(dialog).toContainText('You can reopen it until');
  await expectNoSeriousAxeViolations(customer);
  await look(customer, 'portal-reopen');

  await reopen.click();
  await expect(customer.getByTestId('toast').last()).toContainText('Ticket Reopened');
  await expect(dialog.getByRole('button', { name: 'Send Reply' })).toBeVisible();
  await expect(reopen).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Mark as Resolved' })).toHaveCount(0);
  await close();
});

test('staff read the follow-up window on the Service Levels screen', async ({ browser }) => {
  test.setTimeout(120_000);
  const { staff, close } = await companyWithUser(browser, 'Emery');
  await staff.goto('/staff');
  await staff.getByRole('link', { name: 'Service Levels' }).click();
  const days = staff.getByLabel('Days after the close');
  await expect(days).toHaveValue(/^\d+$/);
  await expect(staff.getByRole('heading', { name: 'Follow-Up Window' })).toBeVisible();
  // Saved unchanged: parallel specs keep the window they rely on.
  await staff.getByRole('button', { name: 'Save Follow-Up Window' }).click();
  await expect(staff.getByTestId('toast').last()).toContainText('Follow-Up Window Saved');
  await expectNoSeriousAxeViolations(staff);
  await look(staff, 'staff-follow-up-window');
  await close();
});
