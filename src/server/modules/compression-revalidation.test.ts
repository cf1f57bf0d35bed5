import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerUsers, invoices, users } from '../db/schema.ts';
import { DEMO_USERS } from '../seed/demo.ts';
import { companyIdOf } from '../test/companies.ts';
import { sessionCookieFor } from '../test/sign-in.ts';
import { portalApiFixture } from '../test/portal-api-fixture.ts';

const COLLEAGUE = 'casey.colleague@acme-logistics.example';

describe('compression and revalidation of list and dashboard answers (issue 20)', () => {
  const t = portalApiFixture();
  let acme = '';
  const get = async (email: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await sessionCookieFor(t.app, email), ...headers },
    });

  beforeAll(async () => {
    acme = await companyIdOf(t.app, 'Acme Logistics');
    const [colleague] = await t.app.db
      .insert(users)
      .values({ email: COLLEAGUE, firstName: 'Casey', lastName: 'Colleague' })
      .returning({ id: users.id });
    // An admin like the demo user: both read the same invoices, so only the tag tells them apart.
    await t.app.db
      .insert(customerUsers)
      .values({ userId: colleague!.id, customerId: acme, role: 'admin' });
  });

  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ] as const)('answers a list over 1 KB in %s, the same JSON once decoded', async (enc, decode) => {
    const url = `/api/customers/${acme}/invoices`;
    const plain = await get(DEMO_USERS.acme, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const packed = await get(DEMO_USERS.acme, url, { 'accept-encoding': enc });
    expect(packed.headers['content-encoding']).toBe(enc);
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(decode(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const res = await get(DEMO_USERS.acme, `/api/customers/${acme}/invoices?limit=1`, {
      'accept-encoding': 'br, gzip',
    });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  for (const path of ['invoices', 'tickets', 'dashboard']) {
    it(`${path}: a repeat read with the ETag is a bodiless 304, a change a fresh 200`, async () => {
      const url = `/api/customers/${acme}/${path}`;
      const first = await get(DEMO_USERS.acme, url);
      const tag = first.headers.etag as string;
      expect(tag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.vary).toMatch(/cookie/i);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const again = await get(DEMO_USERS.acme, url, { 'if-none-match': tag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      await t.app.db.insert(invoices).values({
        customerId: acme,
        number: `INV-ETAG-${path}`,
        description: 'Changes the lists and the dashboard',
        totalMinor: 500,
        status: 'pending',
        issueDate: '2099-01-01',
        dueDate: '2099-02-01',
      });
      if (path === 'tickets') return; // an invoice does not change the tickets list
      // Written outside the app: the cached dashboard follows the database's notice.
      await expect
        .poll(async () => (await get(DEMO_USERS.acme, url, { 'if-none-match': tag })).statusCode)
        .toBe(200);
      const changed = await get(DEMO_USERS.acme, url, { 'if-none-match': tag });
      expect(changed.headers.etag).not.toBe(tag);
    });
  }

  it("never validates one user's copy with another user's tag, even within one company", async () => {
    const url = `/api/customers/${acme}/invoices`;
    const mine = await get(DEMO_USERS.acme, url);
    const theirs = await get(COLLEAGUE, url, { 'if-none-match': mine.headers.etag as string });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual(mine.json());
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
  });

  it("a signed-out or other company's request with a valid tag gets no 304", async () => {
    const url = `/api/customers/${acme}/invoices`;
    const tag = (await get(DEMO_USERS.acme, url)).headers.etag as string;
    const anonymous = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': tag } });
    expect(anonymous.statusCode).toBe(401);
    const other = await get(DEMO_USERS.globex, url, { 'if-none-match': tag });
    expect([403, 404]).toContain(other.statusCode);
  });
});
