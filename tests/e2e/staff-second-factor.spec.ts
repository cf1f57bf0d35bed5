import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './fixtures/test.ts';
import { addSession } from './fixtures/session.ts';
import { STAFF_EMAIL } from './fixtures/staff.ts';

/** A staff member's browser past the mail link only, opening the workspace. */
async function pastLinkOnly(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await addSession(context, STAFF_EMAIL, true);
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
  const enrolling = await pastLinkOnly(browser);
  await expect(
    enrolling.getByRole('heading', { name: 'Set up an authenticator app' }),
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
  const next = await pastLinkOnly(browser);
  await next
    .getByLabel('Code from your authenticator app')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await next.getByRole('button', { name: 'Confirm' }).click();
  await expect(next).toHaveURL(/\/staff$/);

  // A recovery code works once.
  for (const expected of ['works', 'refused'] as const) {
    const page = await pastLinkOnly(browser);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Confirm' }).click();
    if (expected === 'works') await expect(page).toHaveURL(/\/staff$/);
    else
      await expect(
        page.getByText('That recovery code is not valid or was used already.'),
      ).toBeVisible();
  }
});
