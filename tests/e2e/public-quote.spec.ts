import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { waitForMailTo } from './mail.ts';

type QuoteTimes = { shown?: number; closed?: number };

async function openQuote(page: Page, slug = 'cloud-solutions') {
  await page.goto(`/services/${slug}`);
  await page.getByRole('link', { name: 'Request a Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a Quote' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fill(dialog: ReturnType<Page['getByRole']>, email: string) {
  await dialog.getByLabel('Name').fill('Priya Raman');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Company').fill('Contoso Clinics');
  await dialog.getByLabel('Project Details').fill('Move 12 servers to Azure within two quarters.');
}

test('the quote modal: prefilled service, validation, "Submitting...", thank-you view and 3-second auto-close', async ({
  page,
}) => {
  const email = `quote-${Date.now()}@example.com`;
  const dialog = await openQuote(page);
  await expect(dialog).toContainText(
    "Get a customized quote for Cloud Solutions. Fill out the form below and we'll get back to you within 24 hours.",
  );
  const service = dialog.getByLabel('Service');
  await expect(service).toHaveValue('Cloud Solutions');
  await expect(service).toHaveAttribute('readonly', '');
  for (const label of ['Name*', 'Email*', 'Service*', 'Project Details*', 'Company', 'Phone']) {
    await expect(dialog.locator('label', { hasText: label }).first()).toHaveText(label);
  }

  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Valid email is required')).toBeVisible();
  await expect(
    dialog.getByText('Please provide at least 10 characters of project details'),
  ).toBeVisible();

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('/api/quote', async (route) => {
    await held;
    await route.continue();
  });
  // Timed in the page, so a slow test machine cannot blur the 3-second auto-close.
  await page.evaluate(() => {
    const times: QuoteTimes = {};
    (window as unknown as { quoteTimes: QuoteTimes }).quoteTimes = times;
    new MutationObserver(() => {
      const open = document.querySelector('[role="dialog"]');
      if (!times.shown && open?.textContent?.includes('Thank you!'))
        times.shown = performance.now();
      if (times.shown && !times.closed && !open) times.closed = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  await fill(dialog, email);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
  // Dismissing is ignored while the request is in flight.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submitting...' })).toBeVisible();
  release();

  await expect(dialog.getByText('Thank you!')).toBeVisible();
  await expect(dialog.getByText("We'll get back to you shortly.")).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 6000 });
  const times = await page.evaluate(
    () => (window as unknown as { quoteTimes: QuoteTimes }).quoteTimes,
  );
  expect(times.closed! - times.shown!).toBeGreaterThan(2900);
  expect(times.closed! - times.shown!).toBeLessThan(3600);

  const ack = await waitForMailTo(email);
  expect(ack.subject).toBe('Your quote request for Cloud Solutions - Meridian IT Services');

  // Reopened, the form is empty again.
  await page.getByRole('link', { name: 'Request a Quote' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('');
  await expect(dialog.getByLabel('Service')).toHaveValue('Cloud Solutions');
});

test('a failed quote shows the server message in a banner and keeps the form; Cancel then resets it', async ({
  page,
  consoleErrors,
}) => {
  const dialog = await openQuote(page, 'cybersecurity');
  await page.route('/api/quote', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Too many requests. Please wait 60 seconds and try again.' }),
    }),
  );
  await fill(dialog, 'priya@example.com');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Too many requests. Please wait 60 seconds and try again.',
  );
  await expect(dialog.getByLabel('Name')).toHaveValue('Priya Raman');
  await expect(dialog.getByLabel('Service')).toHaveValue('Cybersecurity');

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Request a Quote' }).click();
  await expect(dialog.getByLabel('Name')).toHaveValue('');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !/status of 429/.test(e)),
  );
});

test('without a server message the banner shows the spec fallback', async ({
  page,
  consoleErrors,
}) => {
  const dialog = await openQuote(page);
  await page.route('/api/quote', (route) => route.fulfill({ status: 500, body: '' }));
  await fill(dialog, 'priya@example.com');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Failed to submit quote request. Please try again.',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !/status of 500/.test(e)),
  );
});

test('the real server refuses an unknown service with its own message in the banner', async ({
  page,
  consoleErrors,
}) => {
  const dialog = await openQuote(page);
  // A tampered request: the service is read-only in the form, so rewrite it on the wire.
  await page.route('/api/quote', async (route) => {
    const body = { ...(route.request().postDataJSON() as object), service: 'Pizza Delivery' };
    await route.continue({ postData: JSON.stringify(body) });
  });
  await fill(dialog, 'priya@example.com');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Service must be one of our services');
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !/status of 400/.test(e)),
  );
});

test('the quote body carries every spec field as typed, empty Company and Phone included, and the server takes it', async ({
  page,
}) => {
  const email = `quote-as-typed-${Date.now()}@example.com`;
  const dialog = await openQuote(page);
  await dialog.getByLabel('Name').fill(' Priya Raman ');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Project Details').fill('  Move 12 servers to Azure. ');
  const [request] = await Promise.all([
    page.waitForRequest('/api/quote'),
    dialog.getByRole('button', { name: 'Submit Request' }).click(),
  ]);
  expect(request.postDataJSON()).toEqual({
    name: ' Priya Raman ',
    email,
    company: '',
    phone: '',
    service: 'Cloud Solutions',
    details: '  Move 12 servers to Azure. ',
  });
  expect((await request.response())?.status()).toBe(201);
  await expect(dialog.getByText('Thank you!')).toBeVisible();
});

test('"Request a Quote" clicked before the boot script arrives opens the modal, not the plain overlay', async ({
  page,
}) => {
  // The boot script is held until the click has been made, however long that takes.
  let release = () => {};
  const clicked = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/public-[\w-]+\.js$/, async (route) => {
    await clicked;
    await route.continue();
  });
  await page.goto('/services/cloud-solutions');
  await page.getByRole('link', { name: 'Request a Quote' }).click();
  release();
  await expect(page.getByRole('dialog', { name: 'Request a Quote' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
});
