import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { linkOf, openForm, postForm, requestLink } from '../../test/login-links.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';

/** Without SMTP_URL the outbox writes .eml files; the newest one to an address, decoded. */
async function newestEml(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'mail');
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.eml')).sort();
  const raw = await fs.readFile(path.join(dir, files.at(-1)!), 'utf8');
  // Quoted-printable soft line breaks and escapes, as the text part is encoded.
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

describe('with an https APP_URL and no SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ appUrl: 'https://portal.meridian.example' });
  });
  afterAll(() => t.close());

  it('saves the sign-in mail under DATA_DIR/mail with an https link built from APP_URL', async () => {
    const res = await requestLink(t.app, JORDAN, { host: 'attacker.example' });
    expect(res.statusCode).toBe(200);
    expect(await t.app.mail.flush()).toBe(1);
    const { url } = linkOf(await newestEml(t.config.dataDir));
    expect(url.startsWith('https://portal.meridian.example/api/login/verify?token=')).toBe(true);
  });

  it('sets Secure __Host- cookies (form token and session)', async () => {
    const form = await openForm(t.app, '/api/login');
    expect(form.cookie).toMatch(/^__Host-login_csrf=/);
    await requestLink(t.app, JORDAN);
    await t.app.mail.flush();
    const { token } = linkOf(await newestEml(t.config.dataDir));
    const verifyForm = await openForm(t.app, `/api/login/verify?token=${token}`);
    const res = await postForm(t.app, '/api/login/verify', verifyForm, { token });
    expect(res.statusCode).toBe(303);
    const session = res.cookies.find((c) => c.name === '__Host-sid');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session?.domain).toBeUndefined();
    const csrf = (await t.app.inject({ method: 'GET', url: '/api/login' })).cookies[0];
    expect(csrf).toMatchObject({
      name: '__Host-login_csrf',
      secure: true,
      httpOnly: true,
      path: '/',
    });
  });
});
