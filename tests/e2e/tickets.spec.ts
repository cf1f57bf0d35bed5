import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../../src/server/seed/demo.ts';
import { newCompany, staffApi } from './fixtures/company.ts';
import { addSession } from './fixtures/session.ts';
import { mailFiles, nextMailTo } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';

/** Tests that write open the tickets of a company of their own (Jordan Lee's); the others Acme's. */
async function openTickets(page: Page, email: string = DEMO_USERS.acme) {
  await addSession(page.context(), email);
  await page.goto('/portal/tickets');
  await expect(page.getByRole('heading', { name: 'Support Tickets' })).toBeVisible();
}

const row = (page: Page, subject: string) => page.getByRole('row').filter({ hasText: subject });

async function choose(page: Page, label: string, option: string, scope = page.locator('body')) {
  await scope.getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const ownCompany = () => newCompany({ firstName: 'Jordan', lastName: 'Lee' });

/** A ticket through the API, in the signed-in user's first company; answers its id. */
async function createTicket(page: Page, subject: string, description: string, priority = 'normal') {
  const customerId = await page.evaluate(async () => {
    const me = (await (await fetch('/api/auth/user')).json()) as { customers: { id: string }[] };
    return me.customers[0]!.id;
  });
  const res = await page.request.post(`/api/customers/${customerId}/tickets`, {
    data: { subject, description, priority, category: 'Hardware', department: 'IT Support' },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test('create a ticket: the spec messages, then the new ticket in the list, open, and its e-mail', async ({
  page,
}) => {
  const { email } = await ownCompany();
  await openTickets(page, email);
  await page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Ticket' });
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  for (const message of [
    'Subject is required',
    'Description is required',
    'Category is required',
    'Department is required',
  ]) {
    await expect(dialog.getByText(message, { exact: true })).toBeVisible();
  }

  const subject = `Badge reader offline ${Date.now()}`;
  await dialog.getByLabel('Subject').fill(subject);
  await dialog.getByLabel('Description').fill('The badge reader at the loading dock stays red.');
  await choose(page, 'Category', 'Hardware', dialog);
  await choose(page, 'Department', 'IT Support', dialog);
  const seen = await mailFiles();
  const sent = page.waitForRequest(
    (r) => r.method() === 'POST' && /\/api\/customers\/[^/]+\/tickets$/.test(r.url()),
  );
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  // Spec section 7: exactly the five fields (review row 169: `private` only when ticked).
  expect(Object.keys((await sent).postDataJSON() as object).sort()).toEqual([
    'category',
    'department',
    'description',
    'priority',
    'subject',
  ]);

  await expect(page.getByTestId('toast')).toContainText('Ticket Created');
  await expect(dialog).toBeHidden();
  const created = row(page, subject);
  await expect(created).toContainText('Open');
  await expect(created).toContainText('Normal');
  await expect(created).toContainText('Hardware');
  const id = (await created.getByText(/^TK-\d+$/).textContent()) ?? '';
  expect(id).toMatch(/^TK-\d{4,}$/);
  await expect(page.getByRole('row').nth(1)).toContainText(subject);

  // Delivered through the outbox to the real SMTP sink of the e2e server.
  const ack = await nextMailTo(email, seen);
  expect(ack.subject).toBe(`[${id}] We received your ticket: ${subject}`);
});

test('reply to a ticket: send is disabled on blank text, the reply shows as text in the conversation', async ({
  page,
}) => {
  const { email } = await ownCompany();
  await openTickets(page, email);
  const subject = `Two more accounting seats ${Date.now()}`;
  await createTicket(page, subject, 'Before month end.');
  await page.reload();
  await row(page, subject)
    .getByRole('button', { name: /View ticket/ })
    .click();
  const dialog = page.getByRole('dialog', { name: subject });
  await expect(dialog.getByText('Unassigned')).toBeVisible();
  await expect(dialog.getByText('No replies yet.')).toBeVisible();

  const box = dialog.getByLabel('Add Reply');
  const send = dialog.getByRole('button', { name: 'Send Reply' });
  await expect(send).toBeDisabled();
  await box.fill('   ');
  await expect(send).toBeDisabled();

  // Markup from a user stays text: no image is created, nothing runs.
  page.on('dialog', (d) => {
    throw new Error(`unexpected browser dialog: ${d.message()}`);
  });
  const markup = '<img src=x onerror=alert(1)>';
  await box.fill(markup);
  await send.click();
  await expect(page.getByTestId('toast')).toContainText('Reply Sent');
  const conversation = dialog.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByText(markup, { exact: true })).toBeVisible();
  await expect(conversation.getByText('Jordan Lee')).toBeVisible();
  await expect(dialog.locator('img')).toHaveCount(0);
  await expect(box).toHaveValue('');

  await box.fill('Two more seats, please.');
  await send.click();
  await expect(conversation.getByRole('listitem')).toHaveCount(2);
  await expect(conversation.getByRole('listitem').last()).toContainText('Two more seats, please.');
});

test('a closed ticket shows its conversation with the Agent badge and no reply box', async ({
  page,
}) => {
  await openTickets(page);
  await row(page, 'Shared mailbox for claims team')
    .getByRole('button', { name: /View ticket/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Shared mailbox for claims team' });
  const replies = dialog.getByRole('list', { name: 'Conversation' }).getByRole('listitem');
  await expect(replies).toHaveCount(2);
  await expect(replies.first()).toContainText('Morgan Hayes');
  await expect(replies.first().getByText('Agent', { exact: true })).toBeVisible();
  await expect(replies.last()).toContainText('Jordan Lee');
  await expect(replies.last().getByText('Agent', { exact: true })).toHaveCount(0);
  await expect(dialog.getByText('Closed', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Add Reply')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Send Reply' })).toHaveCount(0);
  await expect(dialog.getByText('This ticket is closed.', { exact: false })).toBeVisible();
});

test('search and the status and priority filters combine', async ({ page }) => {
  const { email } = await ownCompany();
  await openTickets(page, email);
  const token = `flt${Date.now()}`;
  await createTicket(page, `${token} printer jam`, 'Tray 2 in finance', 'high');
  await createTicket(page, `${token} monitor flicker`, 'Seen in the EAST wing only', 'low');
  // And a closed one, which staff closed.
  const closed = await createTicket(page, 'Old VPN token', 'Replaced last week');
  const staff = await staffApi();
  const closing = await staff.patch(`/api/staff/tickets/${closed}`, { data: { status: 'closed' } });
  expect(closing.status()).toBe(200);
  await staff.dispose();
  await page.reload();

  const search = page.getByLabel('Search tickets');
  const bodyRows = page.locator('tbody tr');
  await search.fill(token.toUpperCase());
  await expect(bodyRows).toHaveCount(2);
  await search.fill('east WING');
  await expect(bodyRows).toHaveCount(1);
  await expect(bodyRows.first()).toContainText(`${token} monitor flicker`);

  await search.fill(token);
  await choose(page, 'Filter by priority', 'High');
  await expect(bodyRows).toHaveCount(1);
  await expect(bodyRows.first()).toContainText(`${token} printer jam`);
  await choose(page, 'Filter by status', 'Open');
  await expect(bodyRows).toHaveCount(1);
  await choose(page, 'Filter by status', 'Closed');
  await expect(page.getByText('No tickets found')).toBeVisible();
  await choose(page, 'Filter by priority', 'All');
  await expect(page.getByText('No tickets found')).toBeVisible();

  await search.fill('');
  await expect(bodyRows.first()).toBeVisible();
  const statuses = await bodyRows.locator('td:nth-child(3)').allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['Closed']));
});

test('the tickets screen and its dialogs have no serious accessibility violations', async ({
  page,
}) => {
  await openTickets(page);
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations.filter((v) =>
      ['serious', 'critical'].includes(v.impact ?? ''),
    );
  expect(await serious()).toEqual([]);
  await row(page, 'Scanner drops Wi-Fi near dock door 12')
    .getByRole('button', { name: /View ticket/ })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'New Ticket' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Ticket' })).toBeVisible();
  expect(await serious()).toEqual([]);
});
