import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../seed/demo.ts';
import { documents, invoices, sessions, users } from '../db/schema.ts';
import { companyIdOf } from '../test/companies.ts';
import { sessionCookieFor } from '../test/sign-in.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Every read route of the portal, including the file routes, for Acme's data.
describe('customer routes refuse everyone but the company own users', () => {
  let t: TestApp;
  let acmeId: string;
  let globexId: string;
  let urls: string[];
  let acmeCookie: string;
  let globexCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    acmeId = await companyIdOf(t.app, 'Acme Logistics');
    globexId = await companyIdOf(t.app, 'Globex Retail');
    const [invoice] = await t.app.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.customerId, acmeId))
      .limit(1);
    const [pdf] = await t.app.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.customerId, acmeId), eq(documents.type, 'pdf')))
      .limit(1);
    const base = `/api/customers/${acmeId}`;
    urls = [
      `${base}/dashboard`,
      `${base}/activities`,
      `${base}/invoices`,
      `${base}/projects`,
      `${base}/documents`,
      `${base}/invoices/${invoice!.id}/pdf`,
      `${base}/documents/${pdf!.id}/download`,
      `${base}/documents/${pdf!.id}/download?inline=1`,
    ];
    acmeCookie = await sessionCookieFor(t.app, DEMO_USERS.acme);
    globexCookie = await sessionCookieFor(t.app, DEMO_USERS.globex);
  });
  afterAll(() => t.close());

  it('answers 401 to a signed-out caller', async () => {
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers an ended session with 401 and removes its cookie, as /api/auth/user does', async () => {
    const cookie = await sessionCookieFor(t.app, DEMO_USERS.initech);
    const [initech] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_USERS.initech));
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, initech!.id));
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toEqual({ message: 'Unauthorized' });
      expect(res.cookies, url).toMatchObject([{ name: 'sid', value: '' }]);
    }
  });

  it("answers 403 to another company's user", async () => {
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: globexCookie } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ message: 'Forbidden' });
    }
  });

  it("answers 200 to the company's own user", async () => {
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: acmeCookie } });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it("never serves another company's file through one's own company id", async () => {
    const [globexInvoice] = await t.app.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.customerId, globexId))
      .limit(1);
    const [globexDoc] = await t.app.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.customerId, globexId))
      .limit(1);
    const base = `/api/customers/${acmeId}`;
    const pdf = await t.app.inject({
      method: 'GET',
      url: `${base}/invoices/${globexInvoice!.id}/pdf`,
      headers: { cookie: acmeCookie },
    });
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json()).toEqual({ message: 'Invoice not found' });
    const doc = await t.app.inject({
      method: 'GET',
      url: `${base}/documents/${globexDoc!.id}/download`,
      headers: { cookie: acmeCookie },
    });
    expect(doc.statusCode).toBe(404);
    expect(doc.json()).toEqual({ message: 'Document not found' });
  });

  it('answers 404 for a malformed company id and 403 for an unknown one', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/customers/not-a-uuid/invoices',
      headers: { cookie: acmeCookie },
    });
    expect(bad.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/customers/00000000-0000-4000-8000-000000000000/invoices',
      headers: { cookie: acmeCookie },
    });
    expect(unknown.statusCode).toBe(403);
  });
});
