import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogedApp, type ApiRoute } from '../test/hardening/api-catalog.ts';
import type { TestApp } from '../test/test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';

type Operation = {
  tags?: string[];
  security?: unknown[];
  description?: string;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let t: TestApp & { routes: ApiRoute[] };
let doc: Document;

beforeAll(async () => {
  t = await createCatalogedApp();
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json<Document>();
});
afterAll(() => t.close());

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every /api route the app registers, and nothing else', () => {
    const registered = t.routes
      .filter((r) => r.url !== OPENAPI_PATH)
      .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.url)}`)
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`))
      .sort();
    expect(registered.length).toBeGreaterThan(40);
    expect(documented).toEqual(registered);
  });

  it('names the session cookie on signed-in areas, the API token on staff routes, and the permission of company routes', () => {
    const invoices = doc.paths['/api/customers/{customerId}/invoices']?.get;
    expect(invoices?.security).toEqual([{ session: [] }]);
    expect(invoices?.tags).toEqual(['invoices']);
    expect(doc.paths['/api/staff/invoices/{invoiceId}']?.put?.tags).toEqual(['staff invoices']);
    expect(doc.paths['/api/staff/customers/{customerId}/invoices']?.post?.tags).toEqual([
      'staff invoices',
    ]);
    expect(invoices?.description).toContain('roles admin, billing');
    const staffRoute = t.routes.find((r) => r.url.startsWith('/api/staff/'));
    const staffOp = doc.paths[openApiPath(staffRoute!.url)]?.[staffRoute!.method.toLowerCase()];
    expect(staffOp?.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(doc.paths['/api/health']?.get?.security).toBeUndefined();
  });

  // Issue 37: one route per message, in two encodings.
  it('lists a message route once, with its JSON body and its multipart form', () => {
    for (const path of [
      '/api/customers/{customerId}/tickets',
      '/api/customers/{customerId}/tickets/{ticketId}/replies',
      '/api/staff/tickets/{ticketId}/replies',
    ]) {
      const content = doc.paths[path]?.post?.requestBody?.content ?? {};
      expect(Object.keys(content).sort(), path).toEqual([
        'application/json',
        'multipart/form-data',
      ]);
      // The spec's JSON body, converted from its schema like every other route's.
      expect(content['application/json']!.schema.properties).toHaveProperty(
        path.endsWith('replies') ? 'message' : 'subject',
      );
      expect(Object.keys(content['multipart/form-data']!.schema.properties ?? {})).toEqual([
        'data',
        'files',
      ]);
    }
    expect(Object.keys(doc.paths).filter((p) => p.endsWith('/with-attachments'))).toEqual([]);
  });
});
