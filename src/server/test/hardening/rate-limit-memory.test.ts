import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../modules/auth/limits.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

/** More distinct clients than the rate-limit plugin's default memory (5,000 keys) holds. */
const OTHER_CLIENTS = 6_000;
const otherIp = (i: number) =>
  `10.${100 + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${i % 250}`;

// Issue 13, item 13: without REDIS_URL, a client over its limit stays there however many others come.
describe('the in-memory rate-limit store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let n = 0;
  // A new address each time, so only the per-network limit counts.
  const signInRequest = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=x${n++}`,
    });
  const contact = (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: {},
    });

  it(`still refuses a sign-in flood after ${OTHER_CLIENTS} other networks asked`, async () => {
    const flooder = '203.0.113.66';
    for (let i = 0; i < LOGIN_LIMITS.perIp.max; i++) await signInRequest(flooder);
    expect((await signInRequest(flooder)).statusCode).toBe(429);
    for (let i = 0; i < OTHER_CLIENTS; i++) await signInRequest(otherIp(i));
    expect((await signInRequest(flooder)).statusCode).toBe(429);
  });

  it(`still refuses a contact-form flood after ${OTHER_CLIENTS} other networks sent one`, async () => {
    const flooder = '203.0.113.77';
    for (let i = 0; i < 5; i++) expect((await contact(flooder)).statusCode).toBe(400);
    expect((await contact(flooder)).statusCode).toBe(429);
    for (let i = 0; i < OTHER_CLIENTS; i++) await contact(otherIp(i));
    expect((await contact(flooder)).statusCode).toBe(429);
  });
});
