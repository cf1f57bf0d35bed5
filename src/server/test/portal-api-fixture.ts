import { afterAll, beforeAll, expect } from 'vitest';
import { companyIdOf } from './companies.ts';
import { sessionCookieFor } from './sign-in.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * For the tests of one portal API area: an app on its own copy of the seeded database,
 * and reads signed in as a seeded user. Call inside `describe`.
 */
export function portalApiFixture() {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  const app = () => {
    if (!t) throw new Error('portalApiFixture is used before its beforeAll ran');
    return t.app;
  };

  /** GET `url` with a fresh session of the user `email`. */
  const getAs = async (email: string, url: string) =>
    app().inject({ method: 'GET', url, headers: { cookie: await sessionCookieFor(app(), email) } });

  /** A company's `/api/customers/:customerId/<area>` list, read by one of its users. */
  const list = async <T>(area: string, company: string, email: string) => {
    const customerId = await companyIdOf(app(), company);
    const res = await getAs(email, `/api/customers/${customerId}/${area}`);
    expect(res.statusCode).toBe(200);
    return { customerId, body: res.json<T>() };
  };

  return {
    get app() {
      return app();
    },
    getAs,
    list,
  };
}
