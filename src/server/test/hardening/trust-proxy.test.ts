import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { LOGIN_LIMITS } from '../../modules/auth/limits.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../test-app.ts';

// Issue 13, item 3: only a trusted proxy may say who the client is.
describe('client addresses behind TRUST_PROXY', () => {
  let tdb: TestDatabase;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await tdb.destroy();
  });

  /** The real app with TRUST_PROXY as an operator writes it, plus a route echoing request.ip. */
  async function appTrusting(trustProxy: string | undefined) {
    const { trustProxy: parsed } = loadConfig(trustProxy ? { TRUST_PROXY: trustProxy } : {});
    const app = await buildApp(
      testConfig(tdb.dataDir, { databaseUrl: tdb.databaseUrl, trustProxy: parsed }),
      { database: tdb.database, mailWorker: false },
    );
    app.get('/api/test/ip', { config: { assurance: 'anonymous' } }, async (request) => ({
      ip: request.ip,
    }));
    apps.push(app);
    const ipOf = async (remoteAddress: string, forwardedFor?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/test/ip',
          remoteAddress,
          headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        })
      ).json<{ ip: string }>().ip;
    return { app, ipOf };
  }

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const { ipOf } = await appTrusting(undefined);
    expect(await ipOf('203.0.113.7', '198.51.100.2')).toBe('203.0.113.7');
  });

  it('takes the address a listed proxy forwards, and only from that proxy', async () => {
    const { ipOf } = await appTrusting('10.0.0.1,10.8.0.0/16');
    expect(await ipOf('203.0.113.7', '198.51.100.2')).toBe('203.0.113.7');
    expect(await ipOf('10.0.0.1', '198.51.100.2')).toBe('198.51.100.2');
    expect(await ipOf('10.8.3.4', '198.51.100.3')).toBe('198.51.100.3');
    // A client that forges the header in front of the proxy only adds an entry the proxy appends to.
    expect(await ipOf('10.0.0.1', '6.6.6.6, 198.51.100.2')).toBe('198.51.100.2');
  });

  it('with a hop count, takes the address the last proxy saw', async () => {
    const { ipOf } = await appTrusting('1');
    expect(await ipOf('10.0.0.1', '6.6.6.6, 198.51.100.2')).toBe('198.51.100.2');
  });

  it('a peer rotating forged headers stays one client for the per-network sign-in limit', async () => {
    const { app } = await appTrusting('10.0.0.1');
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMITS.perIp.max; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '203.0.113.50',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': `198.51.100.${i % 250}`,
        },
        payload: `email=not-an-address-${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});
