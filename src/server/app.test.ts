import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEALTH_FRESH_MS } from './modules/health/routes.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('the app factory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers health with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('answers an unknown API path with JSON 404, never HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/x' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not Found' });
  });

  it('sends security headers with a strict script policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a state-changing request from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
  });

  it('answers 503 from health when the database is gone', async () => {
    // The clock the health check reads (performance.now) is stepped by hand, from past any
    // ping the tests above shared; the timers stay real.
    const realNow = performance.now();
    vi.useFakeTimers({ toFake: ['performance'] });
    vi.advanceTimersByTime(Math.ceil(realNow) + HEALTH_FRESH_MS);
    const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    await t.db.database.close();
    // A burst of checks shares one successful ping for HEALTH_FRESH_MS...
    vi.advanceTimersByTime(HEALTH_FRESH_MS - 1);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // ...the next one pings.
    vi.advanceTimersByTime(1);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Database unavailable' });
  });
});
