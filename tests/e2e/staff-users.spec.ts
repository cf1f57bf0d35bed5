import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import {
  companyWithUser,
  createCompany,
  invite,
  STAFF_EMAIL,
  unique,
  chooseCompany,
} from './fixtures/staff.ts';
import { signedInPage } from './fixtures/session.ts';
import { signInLinkOf, mailFiles, nextMailTo } from './fixtures/sign-in.ts';

test('staff invites a new user whose first sign-in shows that company', async ({ browser }) => {
  test.setTimeout(90_000);
  const staff = await signedInPage(browser, STAFF_EMAIL);
  const id = unique();
  const company = `Initech ${id}`;
  const email = `casey.${id}@initech.example`;
  await createCompany(staff, company);
  const { serious } = await axe(staff);
  expect(serious).toEqual([]);
  const welcome = await invite(staff, { email, firstName: 'Casey', lastName: 'Morgan' });
  expect(welcome.subject).toBe("You're invited to the Meridian IT Services customer portal");
  const link = /(https?:\/\/\S+\/api\/login\?email=\S+)/.exec(welcome.text)?.[1];
  expect(link).toBeTruthy();

  // The new user, in a browser of their own, follows the welcome link: the address is filled in.
  const context = await browser.newContext();
  const customer = await context.newPage();
  await customer.goto(link!);
  await expect(customer.getByLabel('Email')).toHaveValue(email);
  const seen = await mailFiles();
  await customer.getByRole('button', { name: 'Email me a sign-in link' }).click();
  const { link: magic } = signInLinkOf((await nextMailTo(email, seen)).text);
  await customer.goto(magic);
  await customer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(customer).toHaveURL(/\/portal\/dashboard$/);
  await expect(customer.getByRole('heading', { name: 'Welcome back, Casey' })).toBeVisible();
  const me = await (await customer.request.get('/api/auth/user')).json();
  expect(me.customers.map((c: { name: string }) => c.name)).toEqual([company]);
  await context.close();
  await staff.context().close();
});

test("a deactivated user's open session is refused", async ({ browser }) => {
  test.setTimeout(90_000);
  const staff = await signedInPage(browser, STAFF_EMAIL);
  const id = unique();
  const email = `robin.${id}@umbrella.example`;
  await createCompany(staff, `Umbrella ${id}`);
  await invite(staff, { email, firstName: 'Robin', lastName: 'Shaw' });
  const customer = await signedInPage(browser, email);
  await expect(customer.getByRole('heading', { name: 'Welcome back, Robin' })).toBeVisible();

  await staff.getByRole('button', { name: `Deactivate Account: ${email}` }).click();
  await staff.getByRole('alertdialog').getByRole('button', { name: 'Deactivate Account' }).click();
  await expect(staff.getByTestId('toast')).toContainText('User Updated');
  await expect(staff.getByRole('button', { name: `Reactivate Account: ${email}` })).toBeVisible();

  // The same browser, same cookie: the next request is refused and the screen sends to login.
  expect((await customer.request.get('/api/auth/user')).status()).toBe(401);
  await customer.reload();
  await customer.waitForURL(/\/api\/login$/);
  await staff.context().close();
  await customer.context().close();
});

test('staff screens have no serious accessibility violations and keep to the staff route set', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await signedInPage(browser, STAFF_EMAIL);
  for (const [path, heading] of [
    ['/staff', 'Help Desk'],
    ['/staff/leads', 'Leads'],
    ['/staff/customers', 'Customers'],
    ['/staff/audit', 'Audit Log'],
    ['/staff/webhooks', 'Webhooks'],
  ] as const) {
    await staff.goto(path);
    // The first visit loads the staff chunk; a busy machine may need more than the default wait.
    await expect(staff.getByRole('heading', { name: heading, level: 1 })).toBeVisible({
      timeout: 20_000,
    });
    await expect(staff.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    expect((await axe(staff)).serious, path).toEqual([]);
  }
  // The help desk queue filters by company.
  await staff.goto('/staff');
  await expect(staff.getByRole('cell', { name: 'Acme Logistics' }).first()).toBeVisible();
  await chooseCompany(staff, 'Company', 'Globex Retail');
  await expect(staff.getByRole('cell', { name: 'Acme Logistics' })).toHaveCount(0);
  await expect(staff.getByRole('cell', { name: 'Globex Retail' }).first()).toBeVisible();
  await staff.goto('/portal/invoices');
  await expect(staff.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await staff.context().close();
});

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return {
    serious: violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`),
  };
}

test("staff switch a member's access to one company, never the last admin's (issue 18)", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { staff, company, email: adminEmail, close } = await companyWithUser(browser, 'Harper');
  const id = unique();
  const memberEmail = `blake.${id}@customer.example`;
  await invite(staff, { email: memberEmail, firstName: 'Blake', lastName: 'Stone' });
  const member = await signedInPage(browser, memberEmail);
  const companiesOf = async () =>
    (
      (await (await member.request.get('/api/auth/user')).json()) as {
        customers: { name: string }[];
      }
    ).customers.map((c) => c.name);
  expect(await companiesOf()).toEqual([company]);

  // The last active admin keeps their access: the server's own message.
  await staff.getByRole('button', { name: `Deactivate Here: ${adminEmail}` }).click();
  await expect(staff.getByTestId('toast')).toContainText(
    'A company needs at least one active admin',
  );

  const row = staff.getByRole('row').filter({ hasText: memberEmail });
  await staff.getByRole('button', { name: `Deactivate Here: ${memberEmail}` }).click();
  await expect(staff.getByTestId('toast').last()).toContainText('Access Updated');
  await expect(row.getByRole('button', { name: `Reactivate Here: ${memberEmail}` })).toBeVisible();
  // Only this company's access: the account itself stays active.
  await expect(
    row.getByRole('button', { name: `Deactivate Account: ${memberEmail}` }),
  ).toBeVisible();
  expect(await companiesOf()).toEqual([]);

  await row.getByRole('button', { name: `Reactivate Here: ${memberEmail}` }).click();
  await expect(row.getByRole('button', { name: `Deactivate Here: ${memberEmail}` })).toBeVisible();
  expect(await companiesOf()).toEqual([company]);
  const audit = await staff.request.get('/api/staff/audit');
  const actions = ((await audit.json()) as { action: string }[]).map((a) => a.action);
  expect(actions).toEqual(expect.arrayContaining(['member.deactivate', 'member.reactivate']));
  await member.context().close();
  await close();
});
