// Profile & Settings against the account routes (PUT /api/auth/profile, PUT /api/auth/notifications,
// POST /api/auth/logout-all) and the portal header.
import type { Page } from '@playwright/test';
import { newCompany } from './fixtures/company.ts';
import { addSession, signIn } from './fixtures/session.ts';
import { expect, test } from './fixtures/test.ts';

// Each test changes its user (name, settings, sessions): a company and user of its own.
async function openProfile(page: Page, email: string) {
  await addSession(page.context(), email);
  await page.goto('/portal/profile');
  await expect(page.getByRole('heading', { name: 'Profile & Settings' })).toBeVisible();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

test('edit the profile: the spec messages, then the new name in the header', async ({ page }) => {
  const { email } = await newCompany({ firstName: 'Sam', lastName: 'Rivera' });
  await openProfile(page, email);
  const profile = card(page, 'User Profile');
  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('First Name').fill(' ');
  await profile.getByLabel('Email').fill('not-an-address');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(profile.getByText('First name is required')).toBeVisible();
  await expect(profile.getByText('Valid email is required')).toBeVisible();

  await profile.getByLabel('First Name').fill('Samantha');
  await profile.getByLabel('Email').fill(email);
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile Updated');
  await expect(profile.getByText('Samantha', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Samantha Rivera');

  // And back again.
  await profile.getByRole('button', { name: 'Edit' }).click();
  await profile.getByLabel('First Name').fill('Sam');
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('banner')).toContainText('Sam Rivera');
});

test('a notification switch saves at once and is kept after a reload', async ({ page }) => {
  const { email } = await newCompany({ firstName: 'Jordan', lastName: 'Lee' });
  await openProfile(page, email);
  const maintenance = page.getByRole('switch', { name: 'Maintenance' });
  await expect(maintenance).not.toBeChecked();
  await maintenance.click();
  await expect(page.getByTestId('toast')).toContainText('Settings Updated');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Maintenance' })).toBeChecked();

  await page.getByRole('switch', { name: 'Maintenance' }).click();
  await expect(page.getByTestId('toast')).toContainText('Settings Updated');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Maintenance' })).not.toBeChecked();
});

// Issue 21: the daily digest choice saves through its own call and is kept after a reload.
test('the daily digest switch saves at once and is kept after a reload', async ({ page }) => {
  const { email } = await newCompany({ firstName: 'Dana', lastName: 'Cole' });
  await openProfile(page, email);
  const digest = () => page.getByRole('switch', { name: 'Daily digest' });
  await expect(digest()).not.toBeChecked();
  await digest().click();
  await expect(page.getByTestId('toast')).toContainText('Settings Updated');
  await page.reload();
  await expect(digest()).toBeChecked();
  // The six preference switches kept their values.
  await expect(page.getByRole('switch', { name: 'Invoices' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Maintenance' })).not.toBeChecked();
});

test('the security card and "Logout from all sessions" signing out a second browser too', async ({
  page,
  browser,
}) => {
  const { email } = await newCompany({ firstName: 'Jordan', lastName: 'Lee' });
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, email);
    await openProfile(page, email);
    const security = card(page, 'Security & Privacy');
    await expect(security).toContainText('Magic Link Authentication');
    await expect(security).toContainText('Active');
    // The other browser signed in first, so the previous sign-in is a real time, not a placeholder.
    await expect(
      security.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/),
    ).toBeVisible();
    expect((await otherPage.request.get('/api/auth/user')).status()).toBe(200);

    // A confirmation first (Radix AlertDialog): Cancel keeps every session.
    await security.getByRole('button', { name: 'Logout from all sessions' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Log out from all sessions?' });
    await expect(confirm).toContainText('including this one');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    expect((await otherPage.request.get('/api/auth/user')).status()).toBe(200);
    // Then by keyboard: Tab to the confirming action, Enter. (The logout UI under test, so not
    // fixtures/session.ts's signOut; like it, both pages' reads finish before the sessions end.)
    await security.getByRole('button', { name: 'Logout from all sessions' }).click();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Log out everywhere' })).toBeFocused();
    await Promise.all([page, otherPage].map((p) => p.waitForLoadState('networkidle')));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    expect((await otherPage.request.get('/api/auth/user')).status()).toBe(401);
  } finally {
    await other.close();
  }
});
