import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { look } from './fixtures/look.ts';
import { expectNoSeriousAxeViolations } from './fixtures/portal.ts';
import { choose, companyWithUser, chooseCompany } from './fixtures/staff.ts';

/** The customer's company and a way to open a ticket there as that customer, by the API. */
async function customerTickets(customer: Page) {
  const me = (await (await customer.request.get('/api/auth/user')).json()) as {
    customers: Array<{ id: string }>;
  };
  const companyId = me.customers[0]!.id;
  const open = async (subject: string, priority: 'high' | 'low') => {
    const res = await customer.request.post(`/api/customers/${companyId}/tickets`, {
      data: {
        subject,
        description: 'Help',
        priority,
        category: 'Hardware',
        department: 'IT Support',
      },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  return { companyId, open };
}

test('the help desk queue shows time left and SLA badges, filters mine, unassigned and breached, sorts by time left; the customer reads the answer time', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { staff, customer, company, close } = await companyWithUser(browser, 'Quinn');
  const { open } = await customerTickets(customer);
  const urgent = `Server down ${Date.now()}`;
  const later = `New mouse ${Date.now()}`;
  // The urgent one first: last update puts the other on top, time left puts it back.
  await open(urgent, 'high');
  await open(later, 'low');

  await staff.goto('/staff');
  await chooseCompany(staff, 'Company', company);
  const row = (subject: string) => staff.getByRole('row').filter({ hasText: subject });
  // Fresh tickets: their full first-response time is left, no badge; least time left first.
  await expect(row(urgent)).toContainText(/1 h left|[1-5]?\d min left/);
  await expect(row(urgent)).toContainText('first response');
  await expect(row(later)).toContainText(/\d+ h( \d+ min)? left/);
  await expect(row(urgent).getByText('Breached')).toHaveCount(0);
  const firstOf = async () => {
    const rows = await staff.getByRole('row').allTextContents();
    const a = rows.findIndex((r) => r.includes(urgent));
    const b = rows.findIndex((r) => r.includes(later));
    return a < 0 || b < 0 ? 'loading' : a < b ? 'urgent' : 'later';
  };
  await expect.poll(firstOf).toBe('urgent');
  await choose(staff, 'Sort', 'Last updated');
  await expect.poll(firstOf).toBe('later');
  await choose(staff, 'Sort', 'Least time left');
  await expect.poll(firstOf).toBe('urgent');

  // Assign one to me: "Mine" shows it, "Unassigned" shows only the other.
  await row(urgent)
    .getByRole('button', { name: /^Open TK-/ })
    .click();
  const dialog = staff.getByRole('dialog', { name: urgent });
  await expect(dialog.getByRole('definition').filter({ hasText: /due/ })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Assign to me' }).click();
  await expect(staff.getByTestId('toast')).toContainText('Ticket Updated');
  await expect(dialog.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await look(staff, 'staff-ticket-dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await choose(staff, 'Assignee', 'Mine');
  await expect(row(urgent)).toContainText('Morgan Hayes');
  await expect(row(later)).toHaveCount(0);
  await choose(staff, 'Assignee', 'Unassigned');
  await expect(row(later)).toBeVisible();
  await expect(row(urgent)).toHaveCount(0);
  await choose(staff, 'Assignee', 'Anyone');
  await look(staff, 'helpdesk-queue');

  // The seeded companies' unanswered tickets are days old: past due on any weekday.
  await chooseCompany(staff, 'Company', 'All companies');
  await choose(staff, 'SLA', 'Breached');
  const breachedRows = staff.getByRole('row').filter({ hasText: /TK-/ });
  const badges = staff.getByRole('row').getByText('Breached', { exact: true });
  // Every row the filter shows is breached: the rows and badges are counted together each time,
  // since the list before the filter can still be on screen for a moment on a busy machine.
  await expect
    .poll(async () => {
      const rows = await breachedRows.count();
      return rows > 0 && rows === (await badges.count());
    })
    .toBe(true);
  await expect(row(urgent)).toHaveCount(0);
  await expect(breachedRows.first()).toContainText(/over/);
  await expectNoSeriousAxeViolations(staff);
  await look(staff, 'helpdesk-breached');

  // The customer's dialog: the first-response target of the ticket's priority.
  await customer.goto('/portal/tickets');
  await customer
    .getByRole('row')
    .filter({ hasText: urgent })
    .getByRole('button', { name: /View ticket/ })
    .click();
  const detail = customer.getByRole('dialog', { name: urgent });
  await expect(detail).toContainText('Assigned To');
  await expect(detail).toContainText('Morgan Hayes');
  await expect(detail).toContainText(
    'We usually answer within 1 business hour (Mon-Fri 8 AM-6 PM).',
  );
  await expectNoSeriousAxeViolations(customer);
  await look(customer, 'portal-ticket-dialog');
  await close();
});

test('a pending ticket waits on the customer: its resolution clock shows Paused until they answer', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { staff, customer, company, close } = await companyWithUser(browser, 'Parker');
  const { companyId, open } = await customerTickets(customer);
  const subject = `Printer offline ${Date.now()}`;
  const id = await open(subject, 'high');
  const asked = await staff.request.post(`/api/staff/tickets/${id}/replies`, {
    data: { message: 'Which printer is it?' },
  });
  expect(asked.status()).toBe(201);

  await staff.goto('/staff');
  await chooseCompany(staff, 'Company', company);
  const row = staff.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('resolution');
  await expect(row.getByText('Paused')).toHaveCount(0);
  await row.getByRole('button', { name: /^Open TK-/ }).click();
  const dialog = staff.getByRole('dialog', { name: subject });
  await choose(staff, 'Status', 'Pending');
  await expect(staff.getByTestId('toast').last()).toContainText('Ticket Updated');
  await expect(dialog.getByText('Paused', { exact: true })).toBeVisible();
  await expect(dialog).toContainText('Waiting on the customer since');
  await expectNoSeriousAxeViolations(staff);
  await look(staff, 'paused-dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row.getByText('Paused', { exact: true })).toBeVisible();
  await expect(row).toContainText(/\d+ h( \d+ min)? left|\d+ min left/);
  await look(staff, 'paused-queue');

  // The customer answers in the portal: the clock runs again, the status stays pending.
  const answered = await customer.request.post(
    `/api/customers/${companyId}/tickets/${id}/replies`,
    { data: { message: 'The one on floor 2.' } },
  );
  expect(answered.status()).toBe(201);
  await staff.reload();
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('resolution');
  await expect(row.getByText('Paused')).toHaveCount(0);
  await close();
});

test('staff edit the service levels; customers read the new answer time', async ({ browser }) => {
  test.setTimeout(120_000);
  const { staff, customer, close } = await companyWithUser(browser, 'Sage');
  await staff.goto('/staff');
  await staff.getByRole('link', { name: 'Service Levels' }).click();
  await expect(staff.getByRole('heading', { name: 'Service Levels', level: 1 })).toBeVisible();
  const lowFirst = staff.getByLabel('Low: first response (business hours)');
  await expect(lowFirst).toHaveValue('8');
  await lowFirst.fill('100');
  await staff.getByRole('button', { name: 'Save Service Levels' }).click();
  await expect(staff.getByTestId('toast')).toContainText(
    'A first response target cannot be longer than its resolution target',
  );
  await lowFirst.fill('2.5');
  await staff.getByRole('button', { name: 'Save Service Levels' }).click();
  await expect(staff.getByTestId('toast')).toContainText('Service Levels Saved');
  await expectNoSeriousAxeViolations(staff);
  await look(staff, 'service-levels');

  // A closed day a quarter ahead (beyond every open clock, so parallel specs see no change).
  const ahead = new Date(Date.now() + 90 * 86_400_000);
  while ([0, 6].includes(ahead.getUTCDay())) ahead.setUTCDate(ahead.getUTCDate() + 1);
  const day = ahead.toISOString().slice(0, 10);
  const closedDays = staff.getByRole('table', { name: 'Closed Days' });
  const addClosedDay = async (name: string) => {
    await staff.getByRole('button', { name: 'Add Closed Day' }).click();
    const form = staff.getByRole('dialog', { name: 'Add a Closed Day' });
    await form.getByLabel('Date').fill(day);
    await form.getByLabel('Name').fill(name);
    await look(staff, 'closed-day-dialog');
    await form.getByRole('button', { name: 'Add Closed Day' }).click();
    return form;
  };
  await addClosedDay('Founders Day');
  await expect(staff.getByTestId('toast').last()).toContainText('Closed Day Added');
  await expect(closedDays.getByRole('row').filter({ hasText: 'Founders Day' })).toBeVisible();
  const twice = await addClosedDay('Again');
  await expect(staff.getByTestId('toast').last()).toContainText('That day is already a closed day');
  await twice.getByRole('button', { name: 'Cancel' }).click();
  await expectNoSeriousAxeViolations(staff);
  await look(staff, 'closed-days');
  await closedDays.getByRole('button', { name: /^Remove Founders Day/ }).click();
  await look(staff, 'closed-day-remove');
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(staff.getByTestId('toast').last()).toContainText('Closed Day Removed');
  await expect(staff.getByText('No closed days')).toBeVisible();

  const me = (await (await customer.request.get('/api/auth/user')).json()) as {
    customers: Array<{ id: string }>;
  };
  const subject = `Slow laptop ${Date.now()}`;
  await customer.request.post(`/api/customers/${me.customers[0]!.id}/tickets`, {
    data: {
      subject,
      description: 'Slow',
      priority: 'low',
      category: 'Hardware',
      department: 'IT Support',
    },
  });
  await customer.goto('/portal/tickets');
  await customer
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: /View ticket/ })
    .click();
  await expect(customer.getByRole('dialog', { name: subject })).toContainText(
    'We usually answer within 2 business hours and 30 minutes (Mon-Fri 8 AM-6 PM).',
  );

  // Back to the defaults for the specs that follow.
  await staff.getByLabel('Low: first response (business hours)').fill('8');
  await staff.getByRole('button', { name: 'Save Service Levels' }).click();
  await expect(staff.getByTestId('toast').last()).toContainText('Service Levels Saved');
  await close();
});
