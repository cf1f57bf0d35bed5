import { expect, test } from './fixtures/test.ts';
import { look } from './fixtures/look.ts';
import { signedInPage } from './fixtures/session.ts';
import { STAFF_EMAIL, choose, createCompany, unique } from './fixtures/staff.ts';

test('staff schedule a weekly ticket on a company page, see its next run, pause and resume it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const staff = await signedInPage(browser, STAFF_EMAIL);
  const company = `Schedule Co ${unique()}`;
  await createCompany(staff, company);
  const card = staff.getByRole('heading', { name: 'Scheduled Tickets' });
  await expect(card).toBeVisible();
  await expect(staff.getByText('No scheduled tickets')).toBeVisible();

  await staff.getByRole('button', { name: 'New Scheduled Ticket' }).click();
  const dialog = staff.getByRole('dialog', { name: 'New Scheduled Ticket' });
  await dialog.getByLabel('Subject').fill('Weekly backup check');
  await dialog
    .getByLabel('Description')
    .fill('Check last night’s backup job and restore one file.');
  await choose(staff, 'Repeats', 'Weekly');
  await choose(staff, 'Weekday', 'Tuesday');
  await dialog.getByLabel('Time zone').fill('Europe/Berlin');
  await look(staff, 'schedule-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByTestId('toast')).toContainText('Scheduled Ticket Created');
  await expect(
    staff.getByText('Weekly on Tuesday at 08:00 (Europe/Berlin)', { exact: true }),
  ).toBeVisible();
  await look(staff, 'schedule-card');

  await staff.getByRole('button', { name: 'Pause: Weekly backup check' }).click();
  await expect(staff.getByText('Paused', { exact: true })).toBeVisible();
  await staff.getByRole('button', { name: 'Resume: Weekly backup check' }).click();
  await expect(staff.getByRole('button', { name: 'Pause: Weekly backup check' })).toBeVisible();
  await expect(staff.getByText('Paused', { exact: true })).toHaveCount(0);
  await staff.context().close();
});
