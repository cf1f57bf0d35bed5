import { describe, expect, it } from 'vitest';
import { appWithMailSink } from '../../test/mail-app.ts';
import {
  cookieHeader,
  cookiesOf,
  linkOf,
  openForm,
  postForm,
  requestLink,
} from '../../test/login-links.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { companyIdOf } from '../../test/companies.ts';
import { describeUserAgent } from '../../services/sign-in-log.ts';
import type { SignInLogEntry } from '../../../shared/schemas/auth.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';
const FIREFOX_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe('sign-in log (issue 18)', () => {
  const t = appWithMailSink({ rateLimitScale: 20 });

  it('names browser and OS from the user agent', () => {
    expect(describeUserAgent(FIREFOX_MAC)).toEqual({ browser: 'Firefox 128', os: 'macOS Sonoma' });
    expect(describeUserAgent(CHROME_ANDROID)).toEqual({ browser: 'Chrome 131', os: 'Android 14' });
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
  });

  it('records a wrong code, a sign-in by code and a sign-out, with method, IP and browser', async () => {
    const ua = { 'user-agent': FIREFOX_MAC };
    expect((await requestLink(t.app, JORDAN)).statusCode).toBe(200);
    await t.app.mail.flush();
    const mail = t.sink
      .mailsTo(JORDAN)
      .filter((m) => m.subject.startsWith('Your sign-in link'))
      .at(-1);
    const { code } = linkOf(mail?.text ?? '');
    const form = await openForm(t.app, '/api/login');
    const wrong = code === '000000' ? '111111' : '000000';
    const at = '198.51.100.7';
    expect(
      (await postForm(t.app, '/api/login/code', form, { email: JORDAN, code: wrong }, ua, at))
        .statusCode,
    ).toBe(400);
    const signedIn = await postForm(
      t.app,
      '/api/login/code',
      form,
      { email: JORDAN, code },
      ua,
      at,
    );
    expect(signedIn.statusCode).toBe(303);
    const cookie = cookieHeader(cookiesOf(signedIn));

    const own = await t.app.inject({ url: '/api/auth/sign-ins', headers: { cookie } });
    expect(own.statusCode).toBe(200);
    const [first, second] = own.json<SignInLogEntry[]>();
    expect(first).toMatchObject({
      event: 'sign-in',
      method: 'code',
      ip: at,
      browser: 'Firefox 128',
      os: 'macOS Sonoma',
    });
    expect(second).toMatchObject({ event: 'failed-code', method: 'code', ip: at });

    const out = await t.app.inject({ url: '/api/logout', headers: { cookie, ...ua } });
    expect(out.statusCode).toBe(303);
    const again = await sessionCookieFor(t.app, JORDAN);
    const log = await t.app.inject({ url: '/api/auth/sign-ins', headers: { cookie: again } });
    expect(log.json<SignInLogEntry[]>()[0]).toMatchObject({ event: 'sign-out', method: null });

    // The company's admin sees it on the colleagues screen; another company's does not.
    const acme = await companyIdOf(t.app, 'Acme Logistics');
    const company = await t.app.inject({
      url: `/api/customers/${acme}/sign-ins`,
      headers: { cookie: again },
    });
    expect(company.json<SignInLogEntry[]>().map((e) => e.userEmail)).toContain(JORDAN);
    const globexAdmin = await sessionCookieFor(t.app, 'sam.rivera@globex-retail.example');
    const globex = await companyIdOf(t.app, 'Globex Retail');
    const other = await t.app.inject({
      url: `/api/customers/${globex}/sign-ins`,
      headers: { cookie: globexAdmin },
    });
    expect(other.json<SignInLogEntry[]>().map((e) => e.userEmail)).not.toContain(JORDAN);

    const staff = await sessionCookieFor(t.app, 'support@example.com');
    const all = await t.app.inject({ url: '/api/staff/sign-ins', headers: { cookie: staff } });
    expect(all.json<SignInLogEntry[]>().map((e) => e.userEmail)).toContain(JORDAN);
  });
});
