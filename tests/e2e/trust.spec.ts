// Issue 13 in the browser: the holes a review of the running product found stay closed.
import { DEMO_USERS } from '../../src/server/seed/demo.ts';
import { newCompany } from './fixtures/company.ts';
import { addSession, signIn } from './fixtures/session.ts';
import { mailFiles, nextMailTo } from './fixtures/sign-in.ts';
import { companyWithUser, createCompany, STAFF_EMAIL, unique } from './fixtures/staff.ts';
import { signedInPage } from './fixtures/session.ts';
import { expect, test } from './fixtures/test.ts';
import { e2eBaseUrl, e2ePorts } from './ports.ts';

test('item 17: the contact form works when the site is opened by another name than APP_URL', async ({
  page,
}) => {
  // APP_URL is http://localhost:PORT; someone on the LAN types the address.
  await page.goto(`http://127.0.0.1:${e2ePorts.app}/contact`);
  const form = page.locator('form');
  await form.getByLabel('Name').fill('Lan Visitor');
  await form.getByLabel('Email').fill(`lan-${unique()}@example.com`);
  await form.getByLabel('Message').fill('Opened the site by another address.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast')).toContainText('Message sent!');
});

test('item 10: another site cannot sign a user out; it gets a Sign out button instead', async ({
  page,
}) => {
  await signIn(page, DEMO_USERS.initech);
  await page.route('http://other-site.test/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Prize</title><a href="${e2eBaseUrl}/api/logout">Claim your prize</a>`,
    }),
  );
  await page.goto('http://other-site.test/');
  await page.getByRole('link', { name: 'Claim your prize' }).click();
  await expect(page.getByRole('heading', { name: 'Sign out?' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  // The logout UI under test, so not fixtures/session.ts's signOut; like it, the page's own
  // reads finish before the session ends.
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(`${e2eBaseUrl}/`);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('item 1: a new e-mail address waits on the profile card until its owner confirms the link', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { customer, email, close } = await companyWithUser(browser, 'Avery');
  const next = `avery.${unique()}@new-mail.example`;
  await customer.goto('/portal/profile');
  const profile = customer.getByRole('region', { name: 'User Profile' });
  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('Email').fill(next);
  const seen = await mailFiles();
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(customer.getByTestId('toast')).toContainText('Profile Updated');
  await expect(profile.getByText(`Waiting for confirmation of ${next}`)).toBeVisible();
  await expect(profile.getByText(email, { exact: true })).toBeVisible();

  const link = /(https?:\/\/\S+\/api\/auth\/email\/confirm\?token=[\w-]+)/.exec(
    (await nextMailTo(next, seen)).text,
  )?.[1];
  expect(link).toBeTruthy();
  await customer.goto(link!);
  await expect(
    customer.getByRole('heading', { name: 'Confirm your new e-mail address' }),
  ).toBeVisible();
  await customer.getByRole('button', { name: 'Confirm new address' }).click();
  await customer.waitForURL(/\/portal\/profile$/);
  await expect(profile.getByText(next, { exact: true })).toBeVisible();
  await expect(profile.getByText(/Waiting for confirmation/)).toHaveCount(0);
  await close();
});

test('item 1: an address taken by another account gets the same answer on the card', async ({
  page,
}) => {
  // A user of its own asks for Acme's address (taken), then takes the request back.
  const { email } = await newCompany({ firstName: 'Sam', lastName: 'Rivera' });
  await addSession(page.context(), email);
  await page.goto('/portal/profile');
  const profile = page.getByRole('region', { name: 'User Profile' });
  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('Email').fill(DEMO_USERS.acme);
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile Updated');
  await expect(profile.getByText(`Waiting for confirmation of ${DEMO_USERS.acme}`)).toBeVisible();
  // Typing the current address again cancels the change.
  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('Email').fill(email);
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByText(/Waiting for confirmation/)).toHaveCount(0);
  await expect(profile.getByText(email, { exact: true })).toBeVisible();
});

test("item 1: inviting another company's user shows whose address it is and adds only on confirm", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { company: first, email, close } = await companyWithUser(browser, 'Quinn');
  const staff = await signedInPage(browser, STAFF_EMAIL);
  const second = `Second Co ${unique()}`;
  await createCompany(staff, second);
  await staff.getByRole('button', { name: 'Invite User' }).click();
  await staff.getByRole('dialog').getByLabel('Email').fill(email);
  await staff.getByRole('dialog').getByRole('button', { name: 'Send Invitation' }).click();
  const question = staff.getByRole('dialog', { name: 'This address already has an account' });
  await expect(question).toContainText(`${email} belongs to Quinn Tester of ${first}.`);
  await expect(staff.getByRole('cell', { name: email, exact: true })).toHaveCount(0);
  const seen = await mailFiles();
  await question.getByRole('button', { name: `Add to ${second}` }).click();
  await expect(staff.getByTestId('toast')).toContainText('User Added to Company');
  await expect(staff.getByRole('cell', { name: email, exact: true })).toBeVisible();
  const mail = await nextMailTo(email, seen);
  expect(mail.text).toContain(`already had access to ${first}`);
  await staff.goto('/staff/audit');
  await expect(staff.getByText('user.link-other-company').first()).toBeVisible();
  await staff.context().close();
  await close();
});
