// What a person runs into at the edges: a wrong address, an ended session, a failed read.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { USERS, openPortal } from './fixtures/portal.ts';
import { signIn, signOut } from './fixtures/session.ts';
import { STAFF_EMAIL } from './fixtures/staff.ts';

/** The unknown path's 404 document load is logged by Chromium; nothing else may be. */
const allow = (consoleErrors: string[], pattern: RegExp) =>
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !pattern.test(e)));

async function expect404(page: Page, link: string, href: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page.getByRole('link', { name: link })).toHaveAttribute('href', href);
}

test('the 404 screen keeps the spec text and links back: home signed out, dashboard or workspace signed in', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/no-such-page');
  await expect404(page, 'Back to the home page', '/');
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);

  await openPortal(page, USERS.acme, '/portal/no-such-page');
  await expect404(page, 'Back to your dashboard', '/portal/dashboard');
  await page.getByRole('link', { name: 'Back to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Jordan' })).toBeVisible();

  await signOut(page);
  await signIn(page, STAFF_EMAIL);
  await page.goto('/staff/no-such-page');
  await expect404(page, 'Back to the staff workspace', '/staff');
  allow(consoleErrors, /status of 404/);
});

test('a session ending under an open portal: one toast, one trip to /api/login', async ({
  page,
  consoleErrors,
}) => {
  // Every toast the page shows is recorded as it appears: it is on screen for 5 s, then the
  // login redirect takes the page away, and a busy machine's polling can miss both.
  const toasts: string[] = [];
  await page.exposeFunction('recordToast', (text: string) => toasts.push(text));
  await page.addInitScript(() => {
    const seen = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="toast"]')) {
        if (seen.has(el) || !el.textContent) continue;
        seen.add(el);
        // Exposed by page.exposeFunction above, outside the page's own Window type.
        void (window as unknown as { recordToast: (t: string) => Promise<void> }).recordToast(
          el.textContent,
        );
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await openPortal(page, USERS.acme, '/portal/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  const logins: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && new URL(r.url()).pathname === '/api/login') logins.push(r.url());
  });
  // The session ends (cookie gone): the dashboard's two reads both answer 401.
  await page.context().clearCookies();
  const reads: number[] = [];
  page.on('response', (r) => {
    if (/\/api\/customers\/[^/]+\/(dashboard|activities)$/.test(r.url())) reads.push(r.status());
  });
  await page
    .getByRole('navigation', { name: 'Portal' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await page.waitForURL(/\/api\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect.poll(() => toasts).toEqual(['UnauthorizedYou are logged out. Logging in again...']);
  // No pause for a second redirect: only the portal page could make one (the login page is the
  // server's, without the app), and it is gone now that the login page has loaded (waitForURL
  // waits for its load event). A second redirect would have been a navigation request before
  // this page committed, so `logins` would hold it already, as `reads` holds both answers.
  expect(reads).toEqual([401, 401]);
  expect(logins).toHaveLength(1);
  allow(consoleErrors, /status of 401/);
});

test('failed reads of tickets and sites show the "Try again" card, which reads again', async ({
  page,
  consoleErrors,
}) => {
  let failing = true;
  await page.route(/\/api\/customers\/[^/]+\/(tickets|sites)(\?[^/]*)?$/, (route) =>
    failing && route.request().method() === 'GET'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"message":"Internal Server Error"}',
        })
      : route.continue(),
  );
  await openPortal(page, USERS.acme, '/portal/tickets');
  const tickets = page.getByRole('alert');
  await expect(tickets).toHaveText(/We couldn't load your tickets\. Please try again\./);
  await page.goto('/portal/profile');
  const sites = page.getByRole('region', { name: 'Company Sites' }).getByRole('alert');
  await expect(sites).toHaveText(/We couldn't load your sites\. Please try again\./);
  failing = false;
  await sites.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('list', { name: 'Company sites' })).toBeVisible();
  await page.goto('/portal/tickets');
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter by priority' })).toBeVisible();
  allow(consoleErrors, /status of 500/);
});
