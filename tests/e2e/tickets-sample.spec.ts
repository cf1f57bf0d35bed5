import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../../src/server/seed/demo.ts';
import { signIn } from './fixtures/session.ts';
import { expect, test } from './fixtures/test.ts';

const sampleSubjects = [
  'Printer not connecting to Wi-Fi',
  'New employee account setup',
  'Firewall blocking accounting software updates',
];

async function openAsInitech(page: Page, path: string, heading: string) {
  await signIn(page, DEMO_USERS.initech);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
}

test('a company with no tickets sees marked sample tickets whose replies are turned off', async ({
  page,
}) => {
  await openAsInitech(page, '/portal/tickets', 'Support Tickets');
  await expect(page.getByRole('note')).toContainText(
    'Sample data. Initech has no tickets yet, so the rows below are examples',
  );
  const subjects = page.locator('tbody tr td:first-child div:first-child');
  await expect(subjects).toHaveText(sampleSubjects);
  await expect(page.getByRole('group', { name: 'Open' })).toContainText('1');

  const replies: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/replies')) replies.push(r.url());
  });
  await page.getByRole('button', { name: 'View ticket TK-SAMPLE-1' }).click();
  const dialog = page.getByRole('dialog', { name: sampleSubjects[0] });
  const conversation = dialog.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByRole('listitem')).toHaveCount(2);
  await expect(conversation.getByText('Agent', { exact: true })).toHaveCount(1);
  await expect(dialog.getByLabel('Add Reply')).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Send Reply' })).toBeDisabled();
  await expect(dialog).toContainText('This is a sample ticket, so replies are turned off.');
  expect(replies).toEqual([]);
});

test('a company with no sites sees marked sample sites that cannot be deleted', async ({
  page,
}) => {
  await openAsInitech(page, '/portal/profile', 'Profile & Settings');
  const sites = page.getByRole('region', { name: 'Company Sites' });
  await expect(sites.getByRole('note')).toContainText('Sample data. Initech has no sites yet');
  await expect(
    sites.getByRole('button', { name: 'Delete site Headquarters (sample)' }),
  ).toBeDisabled();
});
