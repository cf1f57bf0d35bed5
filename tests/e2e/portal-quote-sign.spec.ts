import { expect, test } from './fixtures/test.ts';
import { look } from './fixtures/look.ts';
import { mailFiles, nextMailTo } from './fixtures/sign-in.ts';
import { signedInPage } from './fixtures/session.ts';
import { STAFF_EMAIL, choose, chooseCompany, companyWithUser, unique } from './fixtures/staff.ts';

const WIDTHS = [1280, 768, 390];

test('a customer signs a quote on a phone, drawing with the mouse, and sees the project it created', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { staff, customer, email, close } = await companyWithUser(browser, 'Quinn');
  const project = `Network refresh ${unique()}`;

  // Staff draft the quote on the company page and send it to the company's admin.
  await staff.getByRole('button', { name: 'New Quote' }).click();
  const dialog = staff.getByRole('dialog', { name: 'New Quote' });
  await dialog.getByLabel('Title').fill('Office network refresh');
  await dialog.getByLabel('Line 1 description').fill('Switches, 24 port');
  await dialog.getByLabel('Quantity').fill('3');
  await dialog.getByLabel('Unit price (USD)').fill('410.50');
  await dialog.getByLabel('Tax %').fill('20');
  await dialog.getByLabel('Terms').fill('Half on acceptance, half on completion.');
  await dialog.getByLabel('Project to start on acceptance (empty: none)').fill(project);
  // The agreement acceptance starts (ADR 073): set in the agreement's own dialog, over this one.
  await dialog.getByRole('button', { name: 'Propose an Agreement' }).click();
  const terms = staff.getByRole('dialog', { name: 'Agreement on Acceptance' });
  await terms.getByLabel('Name').fill('Network care retainer');
  await terms.getByLabel('Hours per month').fill('10');
  await terms.getByLabel('Hourly rate').fill('120');
  await terms.getByLabel('Overage rate').fill('150');
  await terms.getByLabel('Time zone').fill('America/Chicago');
  await terms.getByRole('checkbox', { name: 'High' }).check();
  await terms.getByLabel('High: first response (business hours)').fill('0.5');
  await look(staff, 'quote-agreement-dialog', WIDTHS);
  await terms.getByRole('button', { name: 'Set Terms' }).click();
  await expect(terms).toBeHidden();
  // Setting the terms saved nothing: the quote's dialog is still open, now listing them.
  await expect(dialog.getByText('Retainer "Network care retainer".')).toBeVisible();
  await expect(
    dialog.getByText(/High priority tickets: first response within 30 business minutes/),
  ).toBeVisible();
  // 3 × 410.50 = 1,231.50, tax 20 % = 246.30: the server's totals, shown while typing.
  await expect(dialog.getByText('$1,477.80')).toBeVisible();
  await look(staff, 'quote-dialog', WIDTHS);
  await dialog.getByRole('button', { name: 'Save Draft' }).click();
  await expect(staff.getByTestId('toast')).toContainText('Quote Created');

  await staff.getByRole('button', { name: /^Send Q-/ }).click();
  const send = staff.getByRole('dialog', { name: /^Send Quote Q-/ });
  await choose(staff, 'Send to', `Quinn Tester (${email})`);
  const seen = await mailFiles();
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(staff.getByTestId('toast')).toContainText('Quote Sent');
  await expect(staff.getByText('Awaiting signature')).toBeVisible();
  await look(staff, 'quotes-card', WIDTHS);

  // The customer follows the mail's link on a phone.
  const mail = await nextMailTo(email, seen);
  const link = /https?:\/\/\S+\/portal\/quotes\/[0-9a-f-]+\?company=[0-9a-f-]+/.exec(
    mail.text,
  )?.[0];
  expect(link, mail.text).toBeTruthy();
  await customer.setViewportSize({ width: 390, height: 844 });
  await customer.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(customer.getByRole('heading', { name: 'Office network refresh' })).toBeVisible();
  await expect(customer.getByText('Awaiting signature')).toBeVisible();
  await expect(customer.getByText('$1,477.80').first()).toBeVisible();
  const agreement = customer.getByRole('region', { name: 'Agreement on acceptance' });
  await expect(
    agreement.getByText('10 hours included each calendar month.', { exact: false }),
  ).toBeVisible();
  await look(customer, 'portal-quote', WIDTHS);
  await customer.setViewportSize({ width: 390, height: 844 });

  // The signature is the last step: without a name and a drawing, nothing is sent.
  await customer.getByRole('button', { name: 'Sign and accept' }).click();
  await expect(customer.getByText('Type your full name to sign')).toBeVisible();
  await expect(customer.getByText('Draw your signature in the box')).toBeVisible();

  await customer.getByLabel('Your full name').fill('Quinn Tester');
  const pad = customer.getByLabel('Signature pad: sign with your finger or mouse');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await customer.mouse.move(box.x + 30, box.y + box.height * 0.6);
  await customer.mouse.down();
  for (let i = 1; i <= 12; i++)
    await customer.mouse.move(
      box.x + 30 + i * 20,
      box.y + box.height * (0.6 - 0.3 * Math.sin(i / 2)),
      { steps: 2 },
    );
  await customer.mouse.up();
  await expect(customer.getByText('Draw your signature in the box')).toHaveCount(0);
  await customer.getByRole('button', { name: 'Sign and accept' }).click();

  await expect(customer.getByText(/^Accepted by Quinn Tester on /)).toBeVisible();
  await expect(customer.getByText(`The project “${project}” has been created.`)).toBeVisible();
  await expect(
    customer.getByText('The agreement “Network care retainer” has started', { exact: false }),
  ).toBeVisible();
  await expect(customer.getByRole('link', { name: 'Signed PDF' })).toBeVisible();
  await look(customer, 'portal-quote-accepted', WIDTHS);
  await customer.setViewportSize({ width: 390, height: 844 });
  await customer.getByRole('link', { name: 'See your projects' }).click();
  await expect(customer).toHaveURL(/\/portal\/projects/);
  await expect(customer.getByText(project).first()).toBeVisible();

  await staff.reload();
  await expect(staff.getByText('Accepted', { exact: true })).toBeVisible();
  await close();
});

test('an admin turns a quote request into a draft quote for a company', async ({ browser }) => {
  const name = `Pat ${unique()}`;
  const admin = await signedInPage(browser, STAFF_EMAIL);
  const sent = await admin.request.post('/api/quote', {
    data: {
      name,
      email: 'pat@example.net',
      service: 'Cloud Solutions',
      details: 'Move 40 mailboxes to the cloud',
    },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  await admin.goto('/staff/leads');
  await admin.getByRole('button', { name: `View lead from ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Quote request from ${name}` });
  await chooseCompany(admin, 'Make a draft quote for', 'Acme Logistics');
  await look(admin, 'lead-quote-dialog', WIDTHS);
  await dialog.getByRole('button', { name: 'Make Quote' }).click();
  await expect(admin.getByTestId('toast')).toContainText(/Draft Quote Q-\S+ Created/);
  await expect(admin.getByRole('heading', { name: 'Acme Logistics', level: 1 })).toBeVisible();
  await expect(admin.getByRole('cell', { name: 'Cloud Solutions' }).first()).toBeVisible();
  await admin.context().close();
});
