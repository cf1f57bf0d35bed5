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

/**
 * Each route gets MIN_RUNS cases whatever the machine's speed, then more while its share of the
 * time budget lasts. A failure names the seed and round: `FUZZ_SEED=<seed> npx vitest run fuzz`
 * replays the same cases (a failure after round 0 also needs the time to reach its round: raise
 * FUZZ_SECONDS). A longer hunt: `FUZZ_SECONDS=600`.
 */
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 30));
const BUDGET_MS = Number(process.env.FUZZ_SECONDS ?? 20) * 1000;
const MIN_RUNS = 5;

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
    const share = BUDGET_MS / t.routes.length;
    // Nothing else writes while the fuzzer runs, so the counts after one request are the counts
    // before the next: one count per request instead of two.
    let counts = await rowCounts(t.app.db);
    for (const [index, route] of t.routes.entries()) {
      const ownCustomer = fc.constant(a.customerId);
      const property = fc.asyncProperty(
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
          const before = counts;
          counts = await rowCounts(t.app.db);
          if (res.statusCode >= 400) expect(counts).toEqual(before);
        },
      );
      // The floor, then rounds of MIN_RUNS more while the route's share of the budget lasts
      // (whole rounds: a case is never cut off half-way). Round k of route i uses seed
      // SEED + i + k * 2^20, so one FUZZ_SEED replays every round.
      const deadline = Date.now() + share;
      for (let round = 0; round === 0 || Date.now() < deadline; round++) {
        const seed = (SEED + index + round * 2 ** 20) % 2 ** 31;
        try {
          await fc.assert(property, { seed, numRuns: MIN_RUNS });
        } catch (error) {
          throw new Error(
            `${route.method} ${route.url} failed in round ${round}; replay with FUZZ_SEED=${SEED}`,
            { cause: error },
          );
        }
      }
      checked.push(`${route.method} ${route.url}`);
    }
    expect(checked.length).toBe(t.routes.length);
    // What Schemathesis checks (issue 21; it comes from PyPI, which this build cannot reach):
    // every status the API answered is one its OpenAPI document names for that route.
    expect([...undocumented]).toEqual([]);
  });
});
