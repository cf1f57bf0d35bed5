import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createCatalogedApp,
  fillPath,
  rowCounts,
  tenants,
  type ApiRoute,
  type Tenant,
} from './api-catalog.ts';
import { callerCookies, problemsWithRefusal } from './request-context.ts';
import { hostileString, hostileValue } from './hostile.ts';
import { OPENAPI_PATH } from '../../plugins/openapi.ts';
import type { TestApp } from '../test-app.ts';

const RUNS_PER_ROUTE = 30;

/** The statuses the OpenAPI document gives each route (its own route: just 200). */
async function documentedStatuses(app: TestApp['app']) {
  const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
  const doc = res.json<{ paths: Record<string, Record<string, { responses: object }>> }>();
  return (route: ApiRoute) => {
    const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
    return route.url === OPENAPI_PATH ? ['200'] : Object.keys(op?.responses ?? {});
  };
}

/** A body shaped like the route's schema (its keys, hostile values) or anything at all. */
function bodyFor(route: ApiRoute): fc.Arbitrary<unknown> {
  const schema = route.schema?.body;
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const shaped = fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), {
    requiredKeys: [],
  });
  const extra = fc.dictionary(hostileString, hostileValue, { maxKeys: 3 });
  return fc.oneof(
    { weight: 4, arbitrary: fc.tuple(shaped, extra).map(([s, e]) => ({ ...e, ...s })) },
    { weight: 1, arbitrary: hostileValue },
  );
}

describe('property-based fuzzing of every API route', () => {
  let t: Awaited<ReturnType<typeof createCatalogedApp>>;
  let a: Tenant;
  let cookieFor: (r: ApiRoute) => string;
  let documented: (r: ApiRoute) => string[];
  beforeAll(async () => {
    t = await createCatalogedApp({ rateLimitScale: 1000 });
    ({ a } = await tenants(t.app.db));
    cookieFor = await callerCookies(t.app, a);
    documented = await documentedStatuses(t.app);
  });
  afterAll(() => t.close());

  it('never answers 5xx, an undocumented status or internals; a refusal stores nothing', async () => {
    const checked: string[] = [];
    const undocumented = new Set<string>();
    for (const route of t.routes) {
      const ownCustomer = fc.constant(a.customerId);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 3, arbitrary: ownCustomer }, { weight: 1, arbitrary: hostileString }),
          fc.array(hostileString, { minLength: 3, maxLength: 3 }),
          fc.dictionary(hostileString, hostileString, { maxKeys: 4 }),
          bodyFor(route),
          async (customerId, params, query, body) => {
            let i = 0;
            const path = fillPath(route.url, (name) =>
              name === 'customerId' ? customerId : (params[i++ % params.length] ?? ''),
            );
            const qs = new URLSearchParams(query).toString();
            const before = await rowCounts(t.app.db);
            const res = await t.app.inject({
              method: route.method as 'POST',
              url: qs ? `${path}?${qs}` : path,
              headers: { cookie: cookieFor(route) },
              ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)
                ? {
                    payload: JSON.stringify(body),
                    headers: { cookie: cookieFor(route), 'content-type': 'application/json' },
                  }
                : {}),
            });
            if (!documented(route).includes(String(res.statusCode))) {
              undocumented.add(`${route.method} ${route.url}: ${res.statusCode}`);
            }
            const problem = problemsWithRefusal(res);
            if (problem) throw new Error(`${route.method} ${route.url}: ${problem}`);
            if (res.statusCode >= 400) expect(await rowCounts(t.app.db)).toEqual(before);
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
      checked.push(`${route.method} ${route.url}`);
    }
    expect(checked.length).toBe(t.routes.length);
    // What Schemathesis checks (issue 21; it comes from PyPI, which this build cannot reach):
    // every status the API answered is one its OpenAPI document names for that route.
    expect([...undocumented]).toEqual([]);
    // Every route x RUNS_PER_ROUTE requests, each followed by a row count: minutes on a shared
    // 2-core machine, so this one test may take longer than the suite's default.
  }, 600_000);
});
