import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { LOGIN_LIMITS } from './limits.ts';
import { openForm, postForm, type FormState } from '../../test/login-links.ts';

describe('sign-in rate limits (at their real size)', () => {
  let t: TestApp;
  let form: FormState;
  beforeAll(async () => {
    t = await createTestApp();
    form = await openForm(t.app, '/api/login');
  });
  afterAll(() => t.close());

  const ask = (email: string, ip: string) => postForm(t.app, '/api/login', form, { email }, {}, ip);

  it('answers the 6th request for one address within 15 minutes with 429, whatever its case', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      // Five different networks: only the address is common.
      const email = i % 2 ? 'Sam.Rivera@globex-retail.example' : 'sam.rivera@globex-retail.example';
      statuses.push((await ask(email, `10.0.0.${i + 1}`)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const sixth = await ask('sam.rivera@globex-retail.example', '10.0.0.9');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['content-type']).toMatch(/text\/html/);
    expect(sixth.body).toContain(
      'Too many sign-in requests. Please wait 15 minutes and try again.',
    );
    expect((await ask('jordan.lee@acme-logistics.example', '10.0.0.9')).statusCode).toBe(200);
  });

  it('limits requests per network to a higher number', async () => {
    const ip = '10.1.0.1';
    // Malformed addresses answer at once (no timing floor) and still count.
    for (let i = 0; i < LOGIN_LIMITS.perIp.max; i++) {
      expect((await ask(`not-an-address-${i}`, ip)).statusCode).toBe(400);
    }
    const over = await ask('someone@example.com', ip);
    expect(over.statusCode).toBe(429);
    expect(over.body).toContain('Too many sign-in requests.');
    expect((await ask('someone@example.com', '10.1.0.2')).statusCode).toBe(200);
  });

  it('limits verification attempts per network', async () => {
    const ip = '10.2.0.1';
    const verify = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/login/verify?token=${'x'.repeat(43)}`,
        remoteAddress: ip,
      });
    for (let i = 0; i < LOGIN_LIMITS.verifyPerIp.max; i++) {
      expect((await verify()).statusCode).toBe(400);
    }
    const code = await postForm(
      t.app,
      '/api/login/code',
      form,
      { email: 'jordan.lee@acme-logistics.example', code: '123456' },
      {},
      ip,
    );
    expect(code.statusCode).toBe(429);
    expect(code.body).toContain('Too many sign-in attempts. Please wait 15 minutes and try again.');
  });
});
