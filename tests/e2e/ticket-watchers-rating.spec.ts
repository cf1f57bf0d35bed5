// Issue 17 items 2 and 3 in the browser: a customer puts a colleague in copy, the agent
// replies (with a Cc) and closes, the author rates from the mail link and in the portal,
// and staff read the score.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { expectNoSeriousAxeViolations } from './fixtures/portal.ts';
import { choose, companyWithUser, invite, chooseCompany } from './fixtures/staff.ts';
import { signedInPage } from './fixtures/session.ts';
import { mailFiles, nextMailTo, readSinkMail } from './fixtures/sign-in.ts';

const shots = process.env.WATCH_SHOTS;
const shoot = async (page: Page, name: string) => {
  if (!shots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
};

test('colleagues in copy, Cc, and the rating of a closed ticket', async ({ browser }) => {
  test.setTimeout(180_000);
  const { staff, customer, company, companyUrl, email, close } = await companyWithUser(
    browser,
    'Riley',
  );
  const dana = `dana.${Date.now().toString(36)}@customer.example`;
  await staff.goto(companyUrl);
  await invite(staff, { email: dana, firstName: 'Dana', lastName: 'Copy' });
  // A third colleague keeps the "Add a colleague" select on screen after Dana is added.
  await invite(staff, {
    email: `eli.${Date.now().toString(36)}@customer.example`,
    firstName: 'Eli',
    lastName: 'Extra',
  });
  const me = (await (await customer.request.get('/api/auth/user')).json()) as {
    customers: Array<{ id: string }>;
  };
  const companyId = me.customers[0]!.id;
  const subject = `Label printer offline ${Date.now()}`;
  const created = await customer.request.post(`/api/customers/${companyId}/tickets`, {
    data: {
      subject,
      description: 'The label printer at dock 3 is offline.',
      priority: 'normal',
      category: 'Hardware',
      department: 'IT Support',
    },
  });
  expect(created.status()).toBe(201);
  const ticketId = ((await created.json()) as { id: string }).id;

  // The author adds Dana from the ticket dialog.
  await customer.goto('/portal/tickets');
  await customer
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: /View ticket/ })
    .click();
  const view = customer.getByRole('dialog', { name: subject });
  const copy = view.getByRole('region', { name: 'Colleagues in Copy' });
  await expect(copy).toContainText("Nobody else receives this ticket's e-mails.");
  const seen = await mailFiles();
  await choose(customer, 'Add a colleague', 'Dana Copy');
  await shoot(customer, 'portal-watchers-choose');
  await copy.getByRole('button', { name: 'Add' }).click();
  await expect(customer.getByTestId('toast')).toContainText('Dana Copy added');
  // Review V10: the select shows its placeholder again, not a blank.
  await expect(copy.getByRole('combobox', { name: 'Add a colleague' })).toHaveText(
    'Choose a colleague',
  );
  await expect(copy.getByRole('list', { name: 'Colleagues in Copy' })).toContainText('Dana Copy');
  await expect(view.getByRole('list', { name: 'Conversation' })).toContainText(
    'Riley Tester added Dana Copy',
  );
  expect((await nextMailTo(dana, seen)).subject).toBe(`[${ticketId}] You are in copy: ${subject}`);
  await expectNoSeriousAxeViolations(customer);
  await shoot(customer, 'portal-watchers');

  // Dana now sees it in her own list.
  const danaPage = await signedInPage(browser, dana);
  await danaPage.goto('/portal/tickets');
  await expect(danaPage.getByRole('row').filter({ hasText: subject })).toBeVisible();

  // The agent replies with a Cc, sees Dana in copy, and closes the ticket.
  await staff.goto('/staff');
  await chooseCompany(staff, 'Company', company);
  await staff
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: /^Open TK-/ })
    .click();
  const ticket = staff.getByRole('dialog', { name: subject });
  const staffCopy = ticket.getByRole('region', { name: 'Colleagues in Copy' });
  await expect(staffCopy).toContainText(dana);
  // Staff take Dana out of copy and put her back (ADR 036 addendum).
  await staffCopy.getByRole('button', { name: 'Remove Dana Copy' }).click();
  await expect(staff.getByTestId('toast').last()).toContainText('Colleague Removed');
  await expect(staffCopy).toContainText('None');
  const beforeReAdd = await mailFiles();
  await choose(staff, 'Add a colleague', 'Dana Copy');
  await staffCopy.getByRole('button', { name: 'Add' }).click();
  await expect(staff.getByTestId('toast').last()).toContainText('Colleague Added');
  await expect(staffCopy.getByRole('list', { name: 'Colleagues in Copy' })).toContainText(dana);
  expect((await nextMailTo(dana, beforeReAdd)).subject).toBe(
    `[${ticketId}] You are in copy: ${subject}`,
  );
  await expect(ticket.getByRole('list', { name: 'Conversation' })).toContainText(
    'Morgan Hayes added Dana Copy',
  );
  await expectNoSeriousAxeViolations(staff);
  await shoot(staff, 'staff-ticket-watchers');
  const beforeReply = await mailFiles();
  await ticket.getByLabel('Reply as agent').fill('A technician is on the way.');
  await ticket.getByLabel(/Cc by e-mail/).fill('not-an-address');
  await ticket.getByRole('button', { name: 'Send Reply' }).click();
  await expect(staff.getByTestId('toast')).toContainText(
    'Each copy address must be a valid e-mail address',
  );
  await ticket.getByLabel(/Cc by e-mail/).fill('vendor@printers.example');
  await ticket.getByRole('button', { name: 'Send Reply' }).click();
  await expect(staff.getByTestId('toast').last()).toContainText('Reply Sent');
  expect((await nextMailTo('vendor@printers.example', beforeReply)).text).toContain(
    'A technician is on the way.',
  );
  expect((await nextMailTo(dana, beforeReply)).text).toContain('A technician is on the way.');
  await shoot(staff, 'staff-ticket-cc');
  const beforeClose = await mailFiles();
  await choose(staff, 'Status', 'Closed');
  await expect(staff.getByTestId('toast').last()).toContainText('Ticket Updated');

  // The rating mail: opening its link shows a form and records nothing.
  // Closing mails the author twice (the status, the rating): wait for the rating one.
  let link: string | undefined;
  await expect
    .poll(async () => {
      for (const file of await mailFiles()) {
        if (beforeClose.has(file)) continue;
        const mail = await readSinkMail<{ to: string[]; subject: string; text: string }>(file);
        if (mail?.to.includes(email.toLowerCase()) && mail.subject.includes('How did we do?'))
          link = /Good (https?:\/\/\S+)/.exec(mail.text)?.[1];
      }
      return link;
    })
    .toBeTruthy();
  // A browser without a session: the mail link needs none.
  const rater = await (await browser.newContext()).newPage();
  await rater.goto(link!);
  await expect(rater.getByRole('heading', { name: 'How did we do?' })).toBeVisible();
  await expect(rater.getByLabel('Good')).toBeChecked();
  const unrated = await customer.request.get(
    `/api/customers/${companyId}/tickets/${ticketId}/rating`,
  );
  expect(((await unrated.json()) as { rating: unknown }).rating).toBeNull();
  await expectNoSeriousAxeViolations(rater);
  await shoot(rater, 'rating-link-page');
  await rater.getByLabel('Comment (optional)').fill('Quick and friendly.');
  await rater.getByRole('button', { name: 'Send rating' }).click();
  await expect(rater.getByRole('heading', { name: 'Thank you for your rating' })).toBeVisible();
  await rater.context().close();

  // The portal shows the same choice on the closed ticket; the author changes it.
  await customer.goto('/portal/tickets');
  await customer
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: /View ticket/ })
    .click();
  const closed = customer.getByRole('dialog', { name: subject });
  const rating = closed.getByRole('region', { name: 'How did we do?' });
  await expect(rating.getByRole('button', { name: 'Good' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Review V16: the comment as text; a box only on request, not under "This ticket is closed".
  await expect(rating.getByText('Quick and friendly.')).toBeVisible();
  await expect(rating.getByRole('textbox')).toHaveCount(0);
  await rating.getByRole('button', { name: 'Okay' }).click();
  await expect(customer.getByTestId('toast').last()).toContainText('Thank you for your rating');
  await expect(rating.getByRole('button', { name: 'Okay' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(closed.getByText(/This ticket is closed/)).toBeVisible();
  await expectNoSeriousAxeViolations(customer);
  await shoot(customer, 'portal-rating');

  // Dana (in copy, not the author) reads the rating but cannot give one.
  await danaPage.reload();
  await danaPage
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: /View ticket/ })
    .click();
  const danaRating = danaPage.getByRole('region', { name: 'How did we do?' });
  await expect(danaRating).toContainText("Rated okay by the ticket's author.");
  await expect(danaRating.getByRole('button')).toHaveCount(0);

  // Staff: the rating on the ticket, and the score on the help desk.
  await staff.keyboard.press('Escape');
  await staff.reload();
  await expect(staff.getByRole('heading', { name: 'Customer Satisfaction' })).toBeVisible();
  await expect(
    staff.getByRole('table', { name: /Satisfaction per agent, last 30 days/ }),
  ).toContainText('Morgan Hayes');
  await staff.getByRole('button', { name: '90 days' }).click();
  await expect(staff.getByRole('table', { name: /last 90 days/ })).toBeVisible();
  await chooseCompany(staff, 'Company', company);
  await staff
    .getByRole('row')
    .filter({ hasText: subject })
    .getByRole('button', { name: /^Open TK-/ })
    .click();
  await expect(
    staff.getByRole('dialog', { name: subject }).getByRole('region', { name: 'Customer Rating' }),
  ).toContainText('Okay');
  await shoot(staff, 'staff-ticket-rating');
  await staff.keyboard.press('Escape');
  await expectNoSeriousAxeViolations(staff);
  await shoot(staff, 'staff-helpdesk-satisfaction');
  await danaPage.context().close();
  await close();
});
