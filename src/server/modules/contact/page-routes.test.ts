import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.ts';
import { prerenderFile } from '../../../shared/prerender.ts';
import { TMP_ROOT } from '../../test/template.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const valid = { name: 'Dana', email: 'dana@northwind.example', message: 'Call me' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/**
 * A miniature build: the contact page holding its island as prerendered, and the island
 * renderer (dist/ssr/server-render.js) pointing at its source.
 */
async function writeBuild(root: string) {
  const clientDir = path.join(root, 'client');
  const page =
    `<html><head><meta name="csp-nonce" content="__CSP_NONCE__" /></head><body><div data-island="contact-form" data-props="{&quot;rows&quot;:5,&quot;action&quot;:&quot;/contact&quot;}"></div><!--/island--></div></body></html>`.replace(
      '></div><!--/island-->',
      '><!--/island-->',
    );
  const file = path.join(clientDir, prerenderFile('/contact'));
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, page);
  await fs.writeFile(path.join(clientDir, 'index.html'), page);
  await fs.mkdir(path.join(root, 'ssr'), { recursive: true });
  const source = path.resolve('src/client/public/islands/server-render.tsx');
  await fs.writeFile(
    path.join(root, 'ssr', 'server-render.js'),
    `export { renderIsland } from ${JSON.stringify(source)};\n`,
  );
  return clientDir;
}

describe('POST /contact (the contact form without JavaScript)', () => {
  let t: TestApp;
  const root = path.join(TMP_ROOT, `page-routes-${process.pid}`);
  beforeAll(async () => {
    t = await createTestApp({ clientDir: await writeBuild(root) });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(root, { recursive: true, force: true });
  });
  const post = (fields: Record<string, string>, ip = '10.0.9.1', headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/contact',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: form(fields),
    });
  const rows = async () => (await t.app.db.select().from(contactMessages)).length;

  it('answers the page with the messages under the fields, stores nothing, counts nothing', async () => {
    const before = await rows();
    for (let i = 0; i < 7; i++) {
      const res = await post({ name: '', email: 'x', message: '' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('Name is required');
      expect(res.body).toContain('Valid email is required');
      expect(res.body).toContain('Message is required');
    }
    expect(await rows()).toBe(before);
  });

  it("shares the JSON route's limit of 5 submissions per address: the sixth is refused and not stored", async () => {
    const ip = '10.0.9.2';
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: ip,
        payload: valid,
      });
      expect(res.statusCode).toBe(201);
    }
    for (let i = 0; i < 2; i++) expect((await post(valid, ip)).body).toContain('Message sent!');
    const before = await rows();
    const refused = await post(valid, ip);
    expect(refused.body).toContain('Failed to send message. Please try again.');
    expect(refused.body).not.toContain('Message sent!');
    expect(await rows()).toBe(before);
    expect((await post(valid, '10.0.9.3')).body).toContain('Message sent!');
  });

  it('refuses a filled honeypot and a cross-site post without storing anything', async () => {
    const before = await rows();
    const bot = await post({ ...valid, website: 'https://spam.example' }, '10.0.9.4');
    expect(bot.body).toContain('Failed to send message. Please try again.');
    const crossSite = await post(valid, '10.0.9.5', {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await rows()).toBe(before);
  });

  it('renders hostile text as text', async () => {
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(1)>';
    const res = await post({ name: hostile, email: 'x', message: hostile }, '10.0.9.6');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
