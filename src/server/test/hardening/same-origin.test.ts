import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.ts';

const contact = {
  name: 'Dana Whitfield',
  email: 'dana@northwind.example',
  message: 'Opened the site by its LAN address.',
};

// Issue 13, item 17: a request is same-origin when its Origin is the address it was sent to.
describe('the cross-site check with APP_URL=http://localhost:3000', () => {
  let t: TestApp;
  let ip = 1;
  beforeAll(async () => {
    t = await createTestApp({ appUrl: 'http://localhost:3000' });
  });
  afterAll(() => t.close());

  const post = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `10.17.0.${ip++}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: contact,
    });

  it('accepts a form sent from the address the site was opened at (127.0.0.1, a LAN address)', async () => {
    for (const host of ['127.0.0.1:3000', '192.168.1.20:3000', 'localhost:3000']) {
      const res = await post({ host, origin: `http://${host}` });
      expect(res.statusCode, host).toBe(201);
    }
  });

  it('accepts what the browser marks same-origin, and APP_URL itself behind a proxy that rewrites Host', async () => {
    expect(
      (await post({ host: '10.0.0.9:3000', 'sec-fetch-site': 'same-origin' })).statusCode,
    ).toBe(201);
    expect(
      (await post({ host: '10.0.0.9:3000', origin: 'http://localhost:3000' })).statusCode,
    ).toBe(201);
  });

  it('refuses another origin, whatever Host says, and anything the browser marks cross-site', async () => {
    const refused: Record<string, string>[] = [
      { host: '127.0.0.1:3000', origin: 'http://evil.example' },
      { host: '127.0.0.1:3000', origin: 'https://127.0.0.1:3000' },
      { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3001' },
      { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'cross-site' },
      { host: '127.0.0.1:3000', origin: 'null' },
      {
        host: 'portal.example.com',
        origin: 'http://sub.portal.example.com',
        'sec-fetch-site': 'same-site',
      },
    ];
    for (const headers of refused) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: 'Cross-site request refused' });
    }
  });

  it('trusts X-Forwarded-Host and -Proto only from a trusted proxy', async () => {
    const forged = await post({
      host: '127.0.0.1:3000',
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(forged.statusCode).toBe(403);
    const behindProxy = await createTestApp({
      appUrl: 'https://portal.example.com',
      trustProxy: ['127.0.0.1'],
      sessionSecrets: ['s'.repeat(32)],
    });
    try {
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: '127.0.0.1',
        headers: {
          'content-type': 'application/json',
          host: '127.0.0.1:3000',
          origin: 'https://portal.internal.example',
          'x-forwarded-host': 'portal.internal.example',
          'x-forwarded-proto': 'https',
          'x-forwarded-for': '198.51.100.4',
        },
        payload: contact,
      });
      expect(res.statusCode).toBe(201);
    } finally {
      await behindProxy.close();
    }
  });
});
