import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures/test.ts';
import { addSession, newStaffMember } from './fixtures/session.ts';
import { newCompany } from './fixtures/company.ts';

/** A staff member's browser past the mail link only, opening the workspace. */
async function pastLinkOnly(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  await addSession(context, email, true);
  const page = await context.newPage();
  await page.goto('/staff');
  // The first page of the run waits for the server's first answers.
  await expect(page).toHaveURL(/\/staff\/second-factor$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  return page;
}

// Issue 19: staff need two factors. One test: each step needs the one before.
test('a staff member enrols an authenticator, then confirms with a code and a recovery code once', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A staff member of this run's own: each run enrols from scratch.
  const email = await newStaffMember();
  const enrolling = await pastLinkOnly(browser, email);
  await expect(
    enrolling.getByRole('heading', { name: 'Set Up an Authenticator App' }),
  ).toBeVisible();
  await expect(
    enrolling.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const secret = (await enrolling.getByTestId('totp-secret').textContent()) ?? '';
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const field = enrolling.getByLabel('Code from your authenticator app');
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await field.fill(totp.generate());
  await enrolling.getByRole('button', { name: 'Confirm' }).click();
  const list = enrolling.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allTextContents();
  await enrolling.getByRole('button', { name: 'I have saved them' }).click();
  await expect(enrolling).toHaveURL(/\/staff$/);
  await expect(enrolling.getByRole('navigation', { name: 'Staff' })).toBeVisible();

  // The next sign-in asks for the code (the next step's: this step's code was used).
  const next = await pastLinkOnly(browser, email);
  await next
    .getByLabel('Code from your authenticator app')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await next.getByRole('button', { name: 'Confirm' }).click();
  await expect(next).toHaveURL(/\/staff$/);

  // A recovery code works once.
  for (const expected of ['works', 'refused'] as const) {
    const page = await pastLinkOnly(browser, email);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Confirm' }).click();
    if (expected === 'works') await expect(page).toHaveURL(/\/staff$/);
    else
      await expect(
        page.getByText('That recovery code is not valid or was used already.'),
      ).toBeVisible();
  }

  // Issue 35: a session whose second factor is 11 minutes old changing how a company signs
  // in is asked to confirm it is the owner, here, instead of signing out.
  const company = await newCompany({ firstName: 'Policy', lastName: 'Owner' });
  const context = await browser.newContext();
  await addSession(context, email, false, { minutesAgo: 11 });
  const staff = await context.newPage();
  await staff.goto(`/staff/customers/${company.id}`);
  const policy = staff.getByLabel('Sign-in policy');
  const choosePasskeys = async () => {
    await policy.click();
    await staff.getByRole('option', { name: 'Passkey required' }).click();
  };
  await choosePasskeys();
  const confirm = staff.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(confirm).toBeVisible();
  await expect(staff.getByTestId('toast')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Use a recovery code' }).click();
  await confirm.getByLabel('Recovery code').fill(codes[1] ?? '');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(staff.getByTestId('toast')).toContainText('Confirmed');
  await choosePasskeys();
  await expect(staff.getByTestId('toast')).toContainText('Sign-In Policy Updated');
  await expect(policy).toHaveText('Passkey required');
});
