import { expect, test } from './fixtures/test.ts';
import { look } from './fixtures/look.ts';
import { expectNoSeriousAxeViolations } from './fixtures/portal.ts';
import { newStaffMember, signedInPage, slaDue } from './fixtures/session.ts';
import { companyWithUser } from './fixtures/staff.ts';

test('a company gets its own SLA targets; the assignee sees the 75 % warning under the bell and marks it read', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { staff, customer, companyUrl, close } = await companyWithUser(browser, 'Sloane');

  // The company's card: the default until High gets its own targets.
  await staff.goto(companyUrl);
  await expect(staff.getByRole('heading', { name: 'SLA Targets' })).toBeVisible();
  const high = staff.getByTestId('company-sla-high');
  // The company page reads eight cards at once: a busy machine answers this one late.
  await expect(high.getByText('Company Default')).toBeVisible({ timeout: 30_000 });
  await high.getByRole('switch', { name: 'High: own targets' }).click();
  await high.getByLabel('High: first response (business hours)').fill('0.5');
  await high.getByLabel('High: resolution (business hours)').fill('2');
  await staff.getByRole('button', { name: 'Save SLA Targets' }).click();
  await expect(high.getByText('Overridden')).toBeVisible();
  await expect(staff.getByTestId('company-sla-normal').getByText('Company Default')).toBeVisible();
  await expectNoSeriousAxeViolations(staff);
  await look(staff, 'company-sla-card');

  // A high ticket of that company takes its 30 minutes.
  const me = (await (await customer.request.get('/api/auth/user')).json()) as {
    customers: Array<{ id: string }>;
  };
  const subject = `Firewall down ${Date.now()}`;
  const opened = await customer.request.post(`/api/customers/${me.customers[0]!.id}/tickets`, {
    data: {
      subject,
      description: 'No internet',
      priority: 'high',
      category: 'Hardware',
      department: 'IT Support',
    },
  });
  expect(opened.status()).toBe(201);
  const ticketId = ((await opened.json()) as { id: string }).id;
  const detail = await staff.request.get(`/api/staff/tickets/${ticketId}`);
  expect(((await detail.json()) as { slaTargets: unknown }).slaTargets).toBeTruthy();

  // An agent of the spec's own takes it; its first response reaches 75 %: one notice, theirs.
  const agent = await signedInPage(browser, await newStaffMember());
  const self = (await (await agent.request.get('/api/auth/user')).json()) as { id: string };
  const assigned = await agent.request.patch(`/api/staff/tickets/${ticketId}`, {
    data: { assignedToUserId: self.id },
  });
  expect(assigned.status()).toBe(200);
  expect(await slaDue(ticketId)).toBe(1);
  expect(await slaDue(ticketId)).toBe(0);

  await agent.goto('/staff');
  const bell = agent.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await bell.click();
  const dialog = agent.getByRole('dialog', { name: 'Notifications' });
  const item = dialog.getByRole('link', { name: new RegExp(ticketId) });
  await expect(item).toContainText(`${ticketId}: First response target 75 % used`);
  await expect(item).toContainText('Unread');
  await expectNoSeriousAxeViolations(agent);
  await look(agent, 'staff-notifications');
  await dialog.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(item).toContainText('Read');
  // Not the bell's count: the sweep may tell this agent, one of the team, of other tickets
  // (other specs') at any moment.
  // The notice opens its ticket's own screen, not the queue searched for it.
  await item.click();
  await expect(dialog).toBeHidden();
  await expect(agent).toHaveURL(new RegExp(`/staff/tickets/${ticketId}$`));
  await expect(agent.getByRole('dialog', { name: subject })).toBeVisible();
  await agent.context().close();
  await close();
});
