// A signed-out visitor's pages do not ask "who am I" (the answer would be a 401 and a
// console error); a page that came with a session cookie does (docs/decisions/013-session-hint.md).
import { afterIslandIdle } from './fixtures/idle.ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { newCompany } from './fixtures/company.ts';
import { signIn } from './fixtures/session.ts';

/** The statuses of the page's /api/auth/user calls so far. */
function authCalls(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname === '/api/auth/user') statuses.push(res.status());
  });
  return statuses;
}

test('signed out, public pages make no /api/auth/user request and log no error', async ({
  page,
}) => {
  const calls = authCalls(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact' })
    .click();
  await expect(page).toHaveURL(/\/contact$/);
  await page.goto('/services/cybersecurity');
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  // The fixture fails the test on any console error.
});

test('an ended session asks once, gets the public pages, and is not asked about again', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // A user of its own: ending every session of a seeded user would sign other specs out.
  const { email } = await newCompany({ firstName: 'Jordan', lastName: 'Lee' });
  await signIn(page, email);
  // Another browser of the same user ends every session, this one's included.
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await signIn(otherPage, email);
    // As fixtures/session.ts's signOut does: both pages' reads finish before the sessions end.
    await Promise.all([page, otherPage].map((p) => p.waitForLoadState('networkidle')));
    expect((await otherPage.request.post('/api/auth/logout-all')).status()).toBe(204);
  } finally {
    await other.close();
  }

  const calls = authCalls(page);
  // ADR 049: a public page is the same signed in or out, so it does not ask (the cookie only
  // changes its header's label).
  await page.goto('/services/cybersecurity');
  await expect(page.getByRole('heading', { level: 1, name: 'Cybersecurity' })).toBeVisible();
  await page.evaluate(afterIslandIdle);
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
  // `/`, the dashboard when signed in, asks: the answer is the marketing page, signed out.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'IT services that keep your business running',
  );
  expect(calls).toEqual([401]);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal Login' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'IT services that keep your business running',
  );
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([401]);
  // The one refused call is the designed answer for an ended session; nothing else.
  expect(consoleErrors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  consoleErrors.length = 0;
});
