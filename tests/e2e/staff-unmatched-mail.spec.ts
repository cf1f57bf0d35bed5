// The help desk's Unmatched mail screen: mail intake could not place these (here: unknown
// senders, handed to the intake's own code through the harness), an agent reads the list,
// downloads the original, attaches one as a new contact and one as an existing user, and
// discards one.
import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures/test.ts';
import { e2ePorts } from './ports.ts';
import { signedInPage } from './fixtures/session.ts';
import {
  STAFF_EMAIL,
  choose,
  createCompany,
  unique,
  chooseCompany,
  pick,
} from './fixtures/staff.ts';

test.setTimeout(90_000);

/** Delivers a raw message to the intake as if fetched from the support mailbox. */
async function deliver(from: string, subject: string, body: string) {
  const raw = [
    `From: ${from}`,
    'To: support@example.com',
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${unique()}@sender.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
  const res = await fetch(`http://127.0.0.1:${e2ePorts.sessions}/mail`, {
    method: 'POST',
    body: raw,
  });
  expect(await res.json()).toEqual({ outcome: 'unmatched', reason: 'unknown-sender' });
}

test('staff list unmatched mail, download its .eml, attach it as a new contact or an existing user, and discard it', async ({
  browser,
}) => {
  const id = unique();
  const sender = `riley.${id}@newcustomer.example`;
  const first = `Printer jammed ${id}`;
  const second = `Second printer ${id}`;
  // Markup in a subject is text on this screen, never HTML.
  const spam = `<img src=x onerror="window.hostile=1">Cheap watches ${id}`;
  await deliver(`Riley Quinn <${sender}>`, first, 'The office printer is jammed again.');
  await deliver(`Riley Quinn <${sender}>`, second, 'And the other one too.');
  await deliver(`spam.${id}@bulk.example`, spam, 'Buy now.');

  const staff = await signedInPage(browser, STAFF_EMAIL);
  const company = `Quinn Co ${id}`;
  await createCompany(staff, company);

  await staff.goto('/staff');
  await staff.getByRole('link', { name: /Unmatched Mail/ }).click();
  await expect(staff.getByRole('heading', { name: 'Unmatched Mail', level: 1 })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Help Desk' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const row = (subject: string) => staff.getByRole('row').filter({ hasText: subject });
  await expect(row(first)).toContainText('Riley Quinn');
  await expect(row(first)).toContainText(sender);
  await expect(row(first)).toContainText('Unknown sender');
  await expect(row(first)).toContainText('The office printer is jammed again.');

  await expect(row(spam).getByText(spam, { exact: true })).toBeVisible();
  expect(await staff.evaluate(() => 'hostile' in window)).toBe(false);

  const axe = await new AxeBuilder({ page: staff }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  // The original message, as it arrived.
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    row(first)
      .getByRole('link', { name: /Download \.eml/ })
      .click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.eml$/);
  const eml = await fs.readFile((await download.path())!, 'utf8');
  expect(eml).toContain(`Subject: ${first}`);

  // Attach as a new contact: the sender becomes a user of the company, named from the mail.
  await row(first)
    .getByRole('button', { name: /^Attach/ })
    .click();
  let dialog = staff.getByRole('dialog', { name: 'Attach Mail to a Company' });
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(dialog.getByText('Choose a company')).toBeVisible();
  await chooseCompany(staff, 'Company', company);
  await expect(dialog.getByLabel('First name')).toHaveValue('Riley');
  await expect(dialog.getByLabel('Last name')).toHaveValue('Quinn');
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(staff.getByTestId('toast').first()).toContainText(/Ticket TK-\d+ Created/);
  await expect(row(first)).toHaveCount(0);

  // Attach as an existing user of the company: the contact made a moment ago.
  await row(second)
    .getByRole('button', { name: /^Attach/ })
    .click();
  dialog = staff.getByRole('dialog', { name: 'Attach Mail to a Company' });
  await chooseCompany(staff, 'Company', company);
  await choose(staff, 'Ticket author', 'An existing user of the company');
  await pick(staff, 'Contact', sender, `Riley Quinn (${sender})`);
  for (const width of [1280, 390]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.screenshot({ path: `test-results/attach-mail-contact-${width}.png` });
  }
  await staff.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Create Ticket' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(second)).toHaveCount(0);

  // Discard, after confirming.
  await row(spam)
    .getByRole('button', { name: /^Discard/ })
    .click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  await expect(staff.getByTestId('toast').filter({ hasText: 'Mail Discarded' })).toBeVisible();
  await expect(row(spam)).toHaveCount(0);

  // Both tickets are the company's, in the help desk queue.
  await staff.getByRole('link', { name: 'Back to Tickets' }).click();
  await staff.getByRole('searchbox', { name: 'Search tickets' }).fill(id);
  const tickets = staff.getByRole('row').filter({ hasText: company });
  await expect(tickets).toHaveCount(2);
  await expect(tickets.filter({ hasText: first })).toHaveCount(1);
  await expect(tickets.filter({ hasText: second })).toHaveCount(1);
  await staff.context().close();
});
