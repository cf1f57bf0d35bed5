import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { linkOf, openForm, postForm, requestLink } from '../../test/login-links.ts';
import { LOGIN_RESPONSE_FLOOR_MS } from './login-routes.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';

describe('requesting a sign-in link', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('serves an accessible form with a CSRF token, pre-filled from ?email=', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/login?email=${encodeURIComponent(JORDAN)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<label for="email">Email</label>');
    expect(res.body).toContain(`value="${JORDAN}"`);
    expect(res.body).toMatch(/name="_csrf" value="[\w-]{40,}"/);
    // One script, from this site (CSP script-src 'self'): the optional passkey sign-in.
    expect(res.body.match(/<script[^>]*>/g)).toEqual([
      '<script type="module" src="/login-passkey.js">',
    ]);
    expect(res.body).toContain('autocomplete="username webauthn"');
  });

  it('mails a link built from APP_URL and a code to a known address', async () => {
    const res = await requestLink(t.app, JORDAN.toUpperCase(), { host: 'evil.example' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Check your inbox');
    await t.app.mail.flush();
    const mail = sink.mailsTo(JORDAN).at(-1);
    expect(mail?.subject).toBe('Your sign-in link for Meridian IT Services');
    const { url, code } = linkOf(mail?.text ?? '');
    expect(url.startsWith('http://localhost:3000/api/login/verify?token=')).toBe(true);
    expect(code).toMatch(/^\d{6}$/);
  });

  it('answers an unknown address exactly like a known one, no sooner, and sends nothing', async () => {
    const before = sink.received.length;
    const unknownStart = performance.now();
    const unknown = await requestLink(t.app, 'nobody@unknown.example');
    const unknownMs = performance.now() - unknownStart;
    await t.app.mail.flush();
    expect(sink.received.length).toBe(before);
    const known = await requestLink(t.app, 'sam.rivera@globex-retail.example');
    const strip = (html: string) =>
      html.replace(/value="[^"]*"/g, '').replace(/<strong>[^<]*<\/strong>/, '');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(strip(unknown.body)).toBe(strip(known.body));
    expect(unknownMs).toBeGreaterThanOrEqual(LOGIN_RESPONSE_FLOOR_MS - 5);
  });

  it('shows the page again with an error under the field for a malformed address', async () => {
    const res = await requestLink(t.app, 'not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('aria-invalid="true" aria-describedby="email-error"');
    expect(res.body).toContain('<p class="error" id="email-error">Valid email is required</p>');
  });

  it('refuses a post without the form token', async () => {
    const form = await openForm(t.app, '/api/login');
    const res = await postForm(t.app, '/api/login', { ...form, csrf: 'forged' }, { email: JORDAN });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('This page has expired. Please try again.');
  });

  it('refuses a cross-site post of the form', async () => {
    const res = await requestLink(t.app, JORDAN, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});
