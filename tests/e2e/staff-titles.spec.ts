// ADR 053: every staff screen names its tab, and `/` takes a signed-in staff user to the help
// desk (it was the 404 page). Read only.
import { expect, test } from './fixtures/test.ts';
import { signIn } from './fixtures/session.ts';
import { STAFF_EMAIL } from './fixtures/staff.ts';

const suffix = ' · Staff | Meridian IT Services';
// The areas of the navigation, opened as a user does (no page load each), and the help desk's
// own screens, opened by their address.
const areas = [
  ['Help Desk', 'Help Desk'],
  ['Leads', 'Leads'],
  ['Customers', 'Customers'],
  ['Receivables', 'Accounts Receivable'],
  ['Audit Log', 'Audit Log'],
  ['Sign-in Log', 'Sign-in Log'],
  ['API', 'API'],
  ['Webhooks', 'Webhooks'],
  ['Security', 'Security'],
] as const;
const helpdeskScreens = [
  ['/staff/unmatched-mail', 'Unmatched Mail'],
  ['/staff/saved-replies', 'Saved Replies'],
  ['/staff/service-levels', 'Service Levels'],
] as const;

test('each staff screen has a title of its own; a company page is named after the company', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, STAFF_EMAIL);
  const nav = page.getByRole('navigation', { name: 'Staff' });
  for (const [link, title] of areas) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveTitle(`${title}${suffix}`);
  }
  for (const [path, title] of helpdeskScreens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${title}${suffix}`);
  }
  await nav.getByRole('link', { name: 'Customers', exact: true }).click();
  await page.getByRole('link', { name: 'Acme Logistics', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Acme Logistics', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`Acme Logistics${suffix}`);
});

test('a signed-in staff user who opens / lands on the help desk, not the 404 page', async ({
  page,
}) => {
  await signIn(page, STAFF_EMAIL);
  await page.goto('/');
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { name: 'Help Desk', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`Help Desk${suffix}`);
});
