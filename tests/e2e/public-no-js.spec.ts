// The public forms and links with JavaScript disabled (the `no-js` project), and the attacks
// on the plain-form doors (docs/decisions/024-public-islands.md, threat model).
import type { Page } from '@playwright/test';
import { publicRoutes } from '../../src/shared/routes.ts';
import { expect, test } from './fixtures/test.ts';
import { mailsToAfterOutboxRan, waitForMailTo } from './mail.ts';

const noJs = () => test.info().project.name === 'no-js';
/** The plain-form path: run by the no-js project only (playwright.config.ts). */
const plainFormOnly = { tag: '@plain-form' };

for (const path of ['/', '/contact']) {
  test(
    `without JavaScript the contact form on ${path} posts, shows the messages under the fields, then "Message sent!"`,
    plainFormOnly,
    async ({ page }) => {
      await page.goto(path);
      const form = page.locator('form#contact-form');
      await form.getByLabel('Email').fill('not-an-address');
      await form.getByLabel('Company').fill('Blake & Sons <Freight>');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : '/contact'}#contact-form$`));
      await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
      await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Valid email is required');
      await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Message is required');
      await expect(form.getByLabel('Email')).toHaveValue('not-an-address');
      await expect(form.getByLabel('Company')).toHaveValue('Blake & Sons <Freight>');

      const email = `no-js-${Date.now()}@example.com`;
      await form.getByLabel('Name').fill('Morgan Blake');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Message').fill('Please call me about a Wi-Fi upgrade.');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(form.getByRole('status')).toHaveText(
        "Message sent!We'll get back to you within 24 hours.",
      );
      await expect(form.getByLabel('Name')).toHaveValue('');
      await expect(form.getByLabel('Company')).toHaveValue('');
      const ack = await waitForMailTo(email);
      expect(ack.text).toContain('will get back to you within 24 hours');
    },
  );
}

async function openPlainQuote(page: Page) {
  await page.goto('/services/cloud-solutions');
  await page.getByRole('link', { name: 'Request a Quote' }).click();
  const form = page.locator('section#request-quote');
  await expect(form.getByRole('heading', { name: 'Request a Quote' })).toBeVisible();
  return form;
}

test(
  'without JavaScript Request a Quote opens the quote form, which posts, shows its messages, then "Thank you!"',
  plainFormOnly,
  async ({ page }) => {
    let form = await openPlainQuote(page);
    await expect(form).toContainText(
      "Get a customized quote for Cloud Solutions. Fill out the form below and we'll get back to you within 24 hours.",
    );
    await expect(form.getByLabel('Service')).toHaveValue('Cloud Solutions');
    await form.getByLabel('Project Details').fill('Too short');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(/\/services\/cloud-solutions#request-quote$/);
    form = page.locator('section#request-quote');
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Valid email is required');
    await expect(form.getByLabel('Project Details')).toHaveAccessibleDescription(
      'Please provide at least 10 characters of project details',
    );
    await expect(form.getByLabel('Project Details')).toHaveValue('Too short');

    const email = `no-js-quote-${Date.now()}@example.com`;
    await form.getByLabel('Name').fill('Priya Raman');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Project Details').fill('Move 12 servers to Azure within two quarters.');
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(form.getByRole('status')).toContainText(
      "Thank you!We'll get back to you shortly.",
    );
    await waitForMailTo(email);
    await form.getByRole('link', { name: 'Close' }).click();
    await expect(form).toBeHidden();
  },
);

test('without JavaScript Cancel closes the quote form', plainFormOnly, async ({ page }) => {
  const form = await openPlainQuote(page);
  await form.getByRole('link', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/#request-quote-button$/);
});

test(
  'a plain-form post with the honeypot filled is refused and stores nothing',
  plainFormOnly,
  async ({ page }) => {
    const email = `honeypot-${Date.now()}@example.com`;
    await page.goto('/contact');
    const form = page.locator('form#contact-form');
    await form.getByLabel('Name').fill('Bot');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Message').fill('Buy now');
    await form.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'ErrorFailed to send message. Please try again.',
    );
    await expect(form.getByLabel('Name')).toHaveValue('Bot');
    await expect(form.locator('input[name="website"]')).toHaveValue('');

    const quote = await openPlainQuote(page);
    await quote.getByLabel('Name').fill('Bot');
    await quote.getByLabel('Email').fill(email);
    await quote.getByLabel('Project Details').fill('Buy our backlinks today');
    await quote.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await quote.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page.locator('section#request-quote').getByRole('alert')).toHaveText(
      'Invalid request',
    );
    expect(await mailsToAfterOutboxRan(page.request, email)).toBe(0);
  },
);

test('a cross-site plain-form post is refused before anything is stored', async ({ request }) => {
  const email = `cross-site-${Date.now()}@example.com`;
  for (const url of ['/contact', '/', '/services/cybersecurity']) {
    const res = await request.post(url, {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      form: { name: 'Eve', email, message: 'Hello', details: 'Ten characters at least' },
    });
    expect(res.status()).toBe(403);
  }
  expect(await mailsToAfterOutboxRan(request, email)).toBe(0);
});

test('hostile text reflected in the answered page stays text (no markup, no script)', async ({
  page,
}) => {
  const hostile = `"><img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script>`;
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await page.goto('/contact');
  // A plain post, as a visitor without JavaScript (or before the island wakes) sends it.
  const answer = await page.request.post('/contact', {
    form: { name: hostile, email: 'not-an-address', company: hostile, message: hostile },
  });
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).not.toContain('<img src=x');
  expect(html).not.toContain("<script>document.title='pwned'");
  await page.goto('/contact');
  await page.locator('form#contact-form').getByLabel('Name').fill(hostile);
  await page.locator('form#contact-form').getByLabel('Email').fill('bad');
  await page.locator('form#contact-form').evaluate((f: HTMLFormElement) => f.submit());
  await expect(page.locator('form#contact-form').getByLabel('Name')).toHaveValue(hostile);
  await expect(page.locator('form#contact-form').getByLabel('Email')).toHaveAccessibleDescription(
    'Valid email is required',
  );
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page).not.toHaveTitle('pwned');
  if (!noJs()) {
    // Waking the island on the answered page renders the same text, still as text.
    await page.locator('form#contact-form').getByLabel('Message').focus();
    await expect(page.locator('form#contact-form').getByLabel('Name')).toHaveValue(hostile);
    await expect(page).not.toHaveTitle('pwned');
  }
  expect(dialogs).toBe(0);
});

test('every link of every public page leads to a page that answers', async ({ page, request }) => {
  const seen = new Set<string>();
  for (const route of publicRoutes) {
    await page.goto(route);
    const hrefs = await page
      .locator('a[href^="/"]')
      .evaluateAll((links) =>
        links.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''),
      );
    for (const href of hrefs) seen.add(href.split('#')[0] ?? href);
  }
  for (const href of seen) {
    const res = await request.get(href, { maxRedirects: 0 });
    expect(res.status(), href).toBeLessThan(400);
  }
  expect(seen.size).toBeGreaterThan(10);
});
