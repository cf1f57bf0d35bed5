import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const validSite = {
  name: 'Fort Worth Yard',
  address: '120 Rail Spur Road, Fort Worth, TX 76106',
  contactPerson: 'Riley Chen',
  contactEmail: 'riley.chen@acme-logistics.example',
  contactPhone: '(817) 555-0123',
};

type SiteOut = typeof validSite & { id: string; billing: boolean };

describe('sites API', () => {
  let t: TestApp;
  let acmeId: string;
  let globexId: string;
  let acmeCookie: string;
  let globexCookie: string;

  const sitesUrl = (customerId = acmeId) => `/api/customers/${customerId}/sites`;
  const list = async (customerId = acmeId, cookie = acmeCookie) => {
    const res = await t.app.inject({
      method: 'GET',
      url: sitesUrl(customerId),
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json<SiteOut[]>();
  };
  const add = (payload: object, customerId = acmeId, cookie = acmeCookie) =>
    t.app.inject({ method: 'POST', url: sitesUrl(customerId), payload, headers: { cookie } });
  const remove = (siteId: string, customerId = acmeId, cookie = acmeCookie) =>
    t.app.inject({
      method: 'DELETE',
      url: `${sitesUrl(customerId)}/${siteId}`,
      headers: { cookie },
    });

  beforeAll(async () => {
    t = await createTestApp();
    const rows = await t.app.db.select({ id: customers.id, name: customers.name }).from(customers);
    acmeId = rows.find((r) => r.name === 'Acme Logistics')!.id;
    globexId = rows.find((r) => r.name === 'Globex Retail')!.id;
    acmeCookie = await sessionCookieFor(t.app, DEMO_USERS.acme);
    globexCookie = await sessionCookieFor(t.app, DEMO_USERS.globex);
  });
  afterAll(() => t.close());

  it("lists only the company's own sites", async () => {
    expect((await list()).map((s) => s.name)).toEqual([
      'Dallas Distribution Center',
      'Houston Cross-Dock',
    ]);
    expect((await list(globexId, globexCookie)).map((s) => s.name)).toEqual([
      'Phoenix Headquarters',
    ]);
  });

  it('adds a site and lists it', async () => {
    const res = await add({ ...validSite, name: '  Fort Worth Yard ' });
    expect(res.statusCode).toBe(201);
    const site = res.json<SiteOut>();
    expect(site).toEqual({ ...validSite, id: site.id, billing: false });
    expect((await list()).map((s) => s.id)).toContain(site.id);
  });

  it('keeps one billing site per company: a new one takes over', async () => {
    const first = (
      await add({ ...validSite, name: 'Accounts office', billing: true })
    ).json<SiteOut>();
    const second = (
      await add({ ...validSite, name: 'Head office', billing: true })
    ).json<SiteOut>();
    expect([first.billing, second.billing]).toEqual([true, true]);
    const billing = (await list()).filter((s) => s.billing).map((s) => s.id);
    expect(billing).toEqual([second.id]);
    await remove(first.id);
    await remove(second.id);
  });

  it('keeps one billing site when two are added at once', async () => {
    const added = await Promise.all(
      ['North office', 'South office'].map((name) => add({ ...validSite, name, billing: true })),
    );
    expect(added.map((r) => r.statusCode)).toEqual([201, 201]);
    const sites = await list();
    expect(sites.filter((s) => s.billing)).toHaveLength(1);
    for (const r of added) await remove(r.json<SiteOut>().id);
  });

  it.each([
    ['name', { name: ' ' }, 'Site name is required'],
    ['address', { address: '' }, 'Address is required'],
    ['contact person', { contactPerson: undefined }, 'Contact person is required'],
    ['contact e-mail', { contactEmail: 'riley@' }, 'Valid email is required'],
    ['contact phone', { contactPhone: '' }, 'Phone number is required'],
  ])(
    'refuses an invalid %s with the spec message and adds nothing',
    async (_f, change, message) => {
      const before = (await list()).length;
      const res = await add({ ...validSite, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await list()).toHaveLength(before);
    },
  );

  it('deletes a site of the company', async () => {
    const site = (await add(validSite)).json<SiteOut>();
    const res = await remove(site.id);
    expect(res.statusCode).toBe(204);
    expect((await list()).map((s) => s.id)).not.toContain(site.id);
    expect((await remove(site.id)).statusCode).toBe(404);
  });

  it("refuses another company's sites: its scope with 403, its site ids with 404", async () => {
    const globexSite = (await list(globexId, globexCookie))[0]!;
    expect((await add(validSite, globexId)).statusCode).toBe(403);
    expect((await remove(globexSite.id, globexId)).statusCode).toBe(403);
    const viaOwn = await remove(globexSite.id);
    expect(viaOwn.statusCode).toBe(404);
    expect(viaOwn.json()).toEqual({ message: 'Site not found' });
    expect((await list(globexId, globexCookie)).map((s) => s.id)).toContain(globexSite.id);
    expect((await remove('not-a-uuid')).statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: sitesUrl(), payload: validSite });
    expect(res.statusCode).toBe(401);
  });
});
