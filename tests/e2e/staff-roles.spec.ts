// Issue 38 item 7 (ADR 058): the workspace shows each staff role the areas it may read, offers no
// write it may not make, and a write made anyway is refused. The role matrix test on the server
// covers every route; this spec proves the screens follow the same table. The seeded staff hold
// one role each (README). Written to wait for each screen, not to be quick: on a loaded machine
// a page can take well over the default 7 s to load its lists (be13fe9 took an earlier spec out).
import type { Page } from '@playwright/test';
import { STAFF_NO_ACCESS_MESSAGE } from '../../src/shared/staff-permissions.ts';
import { expect, test } from './fixtures/test.ts';
import { signIn } from './fixtures/session.ts';

const slow = expect.configure({ timeout: 30_000 });

test.describe.configure({ timeout: 180_000 });
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

/** Waits for the screen's heading and for its lists to finish loading. */
async function screen(page: Page, path: string, heading: string) {
  await page.goto(path);
  await slow(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await slow(page.getByRole('status')).toHaveCount(0);
  await slow(page.locator('.animate-pulse')).toHaveCount(0);
}

async function navShows(page: Page, links: string[]) {
  const nav = page.getByRole('navigation', { name: 'Staff' });
  await slow(nav.getByRole('link')).toHaveText(links);
}

/**
 * A write sent by the page's own fetch, as a script on the screen could: the guard answers 403
 * with its message. Chromium logs the refused request as a console error; that one is expected.
 */
async function refusedWrite(page: Page, consoleErrors: string[], method: string, url: string) {
  const answer = await page.evaluate(
    async ([m, u]) => {
      const res = await fetch(u!, {
        method: m,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Not Allowed Co' }),
      });
      return { status: res.status, body: (await res.json()) as { message?: string } };
    },
    [method, url],
  );
  expect(answer).toEqual({ status: 403, body: { message: STAFF_NO_ACCESS_MESSAGE } });
  const refused = (e: string) => e.includes('status of 403');
  await expect.poll(() => consoleErrors.some(refused)).toBe(true);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refused(e)));
}

/** Opens Acme Logistics from the customer list and waits for every card of its page. */
async function acmePage(page: Page) {
  await screen(page, '/staff/customers', 'Customers');
  await page.getByRole('link', { name: 'Acme Logistics' }).click();
  await slow(page.getByRole('heading', { name: 'Acme Logistics', level: 1 })).toBeVisible();
  await slow(page.getByRole('status')).toHaveCount(0);
  await slow(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await slow(page.locator('.animate-pulse')).toHaveCount(0);
}

test("an agent works the help desk and reads customers and settings it can't change", async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'agent@example.com');
  await navShows(page, ['Help Desk', 'Customers', 'Receivables', 'Security']);
  await slow(page.getByRole('heading', { name: 'Help Desk', level: 1 })).toBeVisible();
  await slow(page.getByRole('button', { name: 'New Ticket' })).toBeVisible();

  await screen(page, '/staff/customers', 'Customers');
  await expect(page.getByRole('button', { name: 'New Company' })).toHaveCount(0);
  await acmePage(page);
  await expect(page.getByRole('button', { name: 'Edit Company' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Invite User' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New Project' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New Invoice' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save SLA Targets' })).toHaveCount(0);
  // The help desk's own on the company's page: the agent logs time and keeps schedules.
  await expect(page.getByRole('button', { name: 'Log Time' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Scheduled Ticket' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Single Sign-On' })).toHaveCount(0);
  await refusedWrite(page, consoleErrors, 'POST', '/api/staff/customers');

  await screen(page, '/staff/service-levels', 'Service Levels');
  await expect(page.getByLabel('High: first response (business hours)')).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Closed Day' })).toHaveCount(0);
  // An address outside the role lands on its first area.
  await page.goto('/staff/audit');
  await slow(page).toHaveURL(/\/staff$/);
});

test('billing writes invoices and reads customers, with no help desk', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page, 'billing@example.com');
  await slow(page).toHaveURL(/\/staff\/customers$/);
  await navShows(page, ['Customers', 'Receivables', 'Security']);
  await acmePage(page);
  await expect(page.getByRole('button', { name: 'New Invoice' })).toBeVisible();
  await page.getByRole('button', { name: 'Open INV-2026-1001' }).click();
  const invoice = page.getByRole('dialog', { name: 'Invoice INV-2026-1001' });
  await expect(invoice.getByRole('button', { name: 'Status and Link' })).toBeVisible();
  await invoice.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('button', { name: 'Log Time' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Time Entries' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scheduled Tickets' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Invite User' })).toHaveCount(0);
  const acme = page.url().split('/').pop()!;
  await refusedWrite(page, consoleErrors, 'POST', `/api/staff/customers/${acme}/time-entries`);
  await page.goto('/staff');
  await slow(page).toHaveURL(/\/staff\/customers$/);
});

test('read-only reads every area and is offered no write', async ({ page, consoleErrors }) => {
  await signIn(page, 'auditor@example.com');
  await navShows(page, [
    'Help Desk',
    'Leads',
    'Customers',
    'Receivables',
    'Audit Log',
    'Sign-in Log',
    'API',
    'Webhooks',
    'Security',
  ]);
  await screen(page, '/staff', 'Help Desk');
  await expect(page.getByRole('button', { name: 'New Ticket' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('button', { name: /^Open tk-1001$/i }).click();
  const ticket = page.getByRole('dialog');
  await slow(ticket.getByRole('heading', { name: 'Conversation' })).toBeVisible();
  await expect(ticket.getByRole('combobox', { name: 'Status' })).toBeDisabled();
  await expect(ticket.getByRole('combobox', { name: 'Priority' })).toBeDisabled();
  await expect(ticket.getByRole('button', { name: 'Merge Into…' })).toHaveCount(0);
  await expect(ticket.getByLabel('Reply as agent')).toHaveCount(0);
  await refusedWrite(page, consoleErrors, 'PATCH', '/api/staff/tickets/TK-1001');
  await page.keyboard.press('Escape');
  await expect(ticket).toHaveCount(0);

  await acmePage(page);
  await expect(page.getByRole('button', { name: 'New Scheduled Ticket' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save Single Sign-On' })).toHaveCount(0);
  await expect(page.getByLabel('Issuer URL')).toBeDisabled();
  await screen(page, '/staff/api', 'API');
  await expect(page.getByRole('button', { name: 'New Token' })).toHaveCount(0);
  await screen(page, '/staff/webhooks', 'Webhooks');
  await expect(page.getByRole('button', { name: 'New Webhook' })).toHaveCount(0);
  await refusedWrite(page, consoleErrors, 'POST', '/api/staff/webhooks');
});
