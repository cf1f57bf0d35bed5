import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { signedInPage } from './fixtures/session.ts';
import { companyWithUser } from './fixtures/staff.ts';

/** The seeded agent (src/server/seed/demo.ts DEMO_STAFF_ROLES): logs time, changes no company. */
const AGENT_EMAIL = 'agent@example.com';

const shots = process.env.TIME_SHOTS;
/** The screen at three widths with `part` scrolled into the dialog's view (it scrolls, not the page). */
const look = async (page: Page, part: Locator, name: string) => {
  if (!shots) return;
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('an agent logs time on a ticket from its screen and sees the total', async ({ browser }) => {
  test.setTimeout(120_000);
  const { customer, close } = await companyWithUser(browser, 'Tam');
  const me = (await (await customer.request.get('/api/auth/user')).json()) as {
    customers: Array<{ id: string }>;
  };
  const subject = `Router keeps rebooting ${Date.now()}`;
  const opened = await customer.request.post(`/api/customers/${me.customers[0]!.id}/tickets`, {
    data: {
      subject,
      description: 'Every hour or so.',
      priority: 'normal',
      category: 'Hardware',
      department: 'IT Support',
    },
  });
  expect(opened.status()).toBe(201);
  const ticketId = ((await opened.json()) as { id: string }).id;

  // The ticket's own address opens it over the queue.
  const agent = await signedInPage(browser, AGENT_EMAIL);
  await agent.goto(`/staff/tickets/${ticketId}`);
  const ticket = agent.getByRole('dialog', { name: subject });
  const time = ticket.getByRole('region', { name: 'Time' });
  await expect(time).toContainText('Total: 0.00 hours');

  const logTime = async (hours: string, description: string) => {
    await time.getByRole('button', { name: 'Log Time' }).click();
    const dialog = agent.getByRole('dialog', { name: `Log Time on ${ticketId}` });
    await dialog.getByLabel('Hours').fill(hours);
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Log Time' }).click();
    await expect(dialog).toBeHidden();
  };
  // Without hours the dialog says so under the field and sends nothing.
  await time.getByRole('button', { name: 'Log Time' }).click();
  const empty = agent.getByRole('dialog', { name: `Log Time on ${ticketId}` });
  await empty.getByRole('button', { name: 'Log Time' }).click();
  await expect(empty.getByText('Hours are required')).toBeVisible();
  await look(agent, empty, 'ticket-time-log');
  await empty.getByRole('button', { name: 'Cancel' }).click();
  await expect(empty).toBeHidden();

  await logTime('1.5', 'Replaced the power supply');
  await expect(time).toContainText('Total: 1.50 hours');
  await logTime('0.25', 'Called to confirm');
  await expect(time).toContainText('Total: 1.75 hours');
  const entries = time.getByRole('list', { name: 'Time entries' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.filter({ hasText: 'Replaced the power supply' })).toContainText(
    'Avery Quinn',
  );
  await look(agent, time, 'ticket-time');

  // Closed, the ticket's screen gives way to the queue's address.
  await ticket.getByRole('button', { name: 'Close' }).first().click();
  await expect(ticket).toBeHidden();
  await expect(agent).toHaveURL(/\/staff$/);
  await agent.context().close();
  await close();
});
