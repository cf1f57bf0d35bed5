import { expect, test } from './fixtures/test.ts';
import { waitForMailTo } from './mail.ts';

for (const { path, rows } of [
  { path: '/', rows: '4' },
  { path: '/contact', rows: '5' },
]) {
  test(`contact form on ${path}: the three validation messages under their fields`, async ({
    page,
  }) => {
    await page.goto(path);
    const form = page.locator('form');
    await expect(form.getByLabel('Message')).toHaveAttribute('rows', rows);
    for (const label of ['Name*', 'Email*', 'Message*']) {
      await expect(form.locator('label', { hasText: label })).toHaveText(label);
    }
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Valid email is required');
    await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Message is required');

    await form.getByLabel('Email').fill('not-an-address');
    await expect(form.getByText('Valid email is required')).toBeVisible();
    await form.getByLabel('Name').fill('Ada');
    await expect(form.getByText('Name is required')).toBeHidden();
  });
}

test('a successful send shows "Sending...", then the toast, resets the form and mails the visitor', async ({
  page,
}) => {
  const email = `visitor-${Date.now()}@example.com`;
  await page.goto('/contact');
  // Hold the request until the in-flight state has been checked.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  const form = page.locator('form');
  await form.getByLabel('Name').fill('Morgan Blake');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Company').fill('Blake Freight');
  await form.getByLabel('Message').fill('Please call me about a 20-site Wi-Fi upgrade.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(form.getByLabel('Name')).toBeDisabled();
  release();

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Message sent!');
  await expect(toast).toContainText("We'll get back to you within 24 hours.");
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();

  const ack = await waitForMailTo(email);
  expect(ack.text).toContain('will get back to you within 24 hours');
});

test('a failed send shows the destructive "Error" toast and keeps the entered data', async ({
  page,
  consoleErrors,
}) => {
  await page.route('/api/contact', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"message":"Internal Server Error"}',
    }),
  );
  await page.goto('/');
  const form = page.locator('form');
  await form.getByLabel('Name').fill('Morgan Blake');
  await form.getByLabel('Email').fill('morgan@example.com');
  await form.getByLabel('Message').fill('Our VPN drops every afternoon.');
  await form.getByRole('button', { name: 'Send Message' }).click();

  const toast = page.getByTestId('toast');
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText('Failed to send message. Please try again.');
  await expect(form.getByLabel('Name')).toHaveValue('Morgan Blake');
  await expect(form.getByLabel('Message')).toHaveValue('Our VPN drops every afternoon.');
  await expect(page.getByTestId('toast')).toHaveCount(1);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !/status of 500/.test(e)),
  );
});

test('the contact form still fails cleanly when the server is unreachable', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/contact');
  await page.route('/api/contact', (route) => route.abort('connectionrefused'));
  const form = page.locator('form');
  await form.getByLabel('Name').fill('Morgan Blake');
  await form.getByLabel('Email').fill('morgan@example.com');
  await form.getByLabel('Message').fill('Hello');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByTestId('toast')).toContainText(
    'Failed to send message. Please try again.',
  );
  await expect(form.getByLabel('Email')).toHaveValue('morgan@example.com');
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !/ERR_CONNECTION_REFUSED/.test(e)),
  );
});

test('the body carries every spec field as typed, empty Company and Phone included, and the server takes it', async ({
  page,
}) => {
  const email = `as-typed-${Date.now()}@example.com`;
  await page.goto('/contact');
  const form = page.locator('form');
  await form.getByLabel('Name').fill('  Morgan Blake ');
  // An e-mail input drops surrounding spaces itself: its value is what the person typed.
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('Call me about Wi-Fi.  ');
  const [request] = await Promise.all([
    page.waitForRequest('/api/contact'),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(request.postDataJSON()).toEqual({
    name: '  Morgan Blake ',
    email,
    company: '',
    phone: '',
    message: 'Call me about Wi-Fi.  ',
  });
  expect((await request.response())?.status()).toBe(201);
  await expect(page.getByTestId('toast')).toContainText('Message sent!');
  // The acknowledgement echoes nothing typed (issue 13), only the stored message's reference.
  const ack = await waitForMailTo(email);
  expect(ack.text).toMatch(/Reference: C-[0-9A-F]{8}/);
});

// Late code: the boot script itself (held by the page's inline loader), or the island's.
for (const { late, code } of [
  { late: 'boot script', code: /\/assets\/public-[\w-]+\.js$/ },
  { late: 'island code', code: /\/assets\/hydrate-[\w-]+\.js$/ },
]) {
  test(`keystrokes and the click made before the ${late} arrives are all kept and sent`, async ({
    page,
  }) => {
    // The code arrives late (a slow phone network): it is held until everything has happened.
    let arrived = false;
    let release = () => {};
    const done = new Promise<void>((resolve) => (release = resolve));
    await page.route(code, async (route) => {
      await done;
      arrived = true;
      await route.continue();
    });
    const email = `early-${Date.now()}@example.com`;
    await page.goto('/contact');
    const form = page.locator('form');
    await form.getByLabel('Name').click();
    await page.keyboard.type('Early Bird');
    await form.getByLabel('Email').pressSequentially(email);
    await form.getByLabel('Message').pressSequentially('Typed before React arrived.');
    const sent = page.waitForRequest('/api/contact');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(arrived).toBe(false);
    release();
    const request = await sent;
    expect(arrived).toBe(true);
    expect(request.postDataJSON()).toMatchObject({
      name: 'Early Bird',
      email,
      message: 'Typed before React arrived.',
    });
    await expect(page.getByTestId('toast')).toContainText('Message sent!');
    await expect(form.getByLabel('Name')).toHaveValue('');
  });
}
