import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from './fixtures/test.ts';
import { newStaffMember, signedInPage, timerStarted } from './fixtures/session.ts';
import { companyWithUser } from './fixtures/staff.ts';
import type { Locator, Page } from '@playwright/test';

/** With LOOK_DIR: the screen at three widths with `part` scrolled into view (a dialog scrolls). */
const look = async (page: Page, part: Locator, name: string) => {
  const dir = process.env.LOOK_DIR;
  if (!dir) return;
  for (const width of [1280, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

// Issue 40 item 2 (ADR 074): a timer on a ticket, kept on the server per staff member, shown in
// the workspace's header; stopping it opens Log Time with its minutes.
test('a staff member times a ticket: start, survive a reload, pause, resume, stop into Log Time', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { customer, close } = await companyWithUser(browser, 'Tim');
  const me = (await (await customer.request.get('/api/auth/user')).json()) as {
    customers: Array<{ id: string }>;
  };
  const subject = `Slow file share ${Date.now()}`;
  const opened = await customer.request.post(`/api/customers/${me.customers[0]!.id}/tickets`, {
    data: {
      subject,
      description: 'Copies crawl since Monday.',
      priority: 'normal',
      category: 'Hardware',
      department: 'IT Support',
    },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const ticketId = ((await opened.json()) as { id: string }).id;

  // A member of the spec's own: the timer is one per member, so no other spec's is in the way.
  const email = await newStaffMember();
  const staff = await signedInPage(browser, email);
  await staff.goto(`/staff/tickets/${ticketId}`);
  const ticket = staff.getByRole('dialog', { name: subject });
  const time = ticket.getByRole('region', { name: 'Time' });
  await time.getByRole('button', { name: 'Start Timer' }).click();
  // The ticket's own screen shows the timer (the open dialog hides the header from a reader).
  const onTicket = time.getByRole('group', { name: `Timer on ${ticketId}, running` });
  await expect(onTicket).toBeVisible();
  await expect(time.getByRole('button', { name: 'Start Timer' })).toBeHidden();

  // Kept on the server: as if started 25 minutes ago, and still there after a reload.
  await timerStarted(email, 25);
  await staff.reload();
  // The reloaded ticket's screen loads first (on a busy machine longer than an assertion waits).
  await onTicket.waitFor();
  await expect(onTicket).toContainText(/0:25:\d\d/);
  await look(staff, onTicket, 'staff-timer-ticket');

  // Keyboard: pause and resume (each button once the write before it has settled).
  const pressed = async (button: Locator) => {
    await expect(button).toBeEnabled();
    await button.focus();
    await staff.keyboard.press('Enter');
  };
  await pressed(onTicket.getByRole('button', { name: 'Pause Timer' }));
  const paused = time.getByRole('group', { name: `Timer on ${ticketId}, paused` });
  await expect(paused.getByRole('button', { name: 'Discard Timer' })).toBeVisible();
  await pressed(paused.getByRole('button', { name: 'Resume Timer' }));
  await expect(onTicket.getByRole('button', { name: 'Pause Timer' })).toBeEnabled();

  // Every workspace screen shows it in the header.
  await ticket.getByRole('button', { name: 'Close' }).first().click();
  await expect(ticket).toBeHidden();
  const header = staff.getByRole('banner');
  const running = header.getByRole('group', { name: `Timer on ${ticketId}, running` });
  await expect(running).toContainText(/0:25:\d\d/);
  await look(staff, running, 'staff-timer-header');
  const { violations } = await new AxeBuilder({ page: staff })
    .include('header')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // Stop: the timer pauses and Log Time opens with its minutes; logging ends it.
  await running.getByRole('button', { name: 'Stop Timer and Log Time' }).click();
  const log = staff.getByRole('dialog', { name: `Log Time on ${ticketId}` });
  await expect(log).toContainText('Timer: 25 min');
  await expect(log.getByLabel('Hours')).toHaveValue('0.42');
  await look(staff, log, 'staff-timer-log');
  await log.getByLabel('Description').fill('Traced the share to a failing switch port');
  await log.getByRole('button', { name: 'Log Time' }).click();
  await expect(log).toBeHidden();
  await expect(header.getByRole('group', { name: /^Timer on/ })).toBeHidden();
  // On the ticket, by the member, as Log Time writes it.
  const logged = await staff.request.get(`/api/staff/tickets/${ticketId}/time-entries`);
  expect(await logged.json()).toMatchObject({
    totalHours: 0.42,
    entries: [{ description: 'Traced the share to a failing switch port', billable: true }],
  });
  await staff.context().close();
  await close();
});
