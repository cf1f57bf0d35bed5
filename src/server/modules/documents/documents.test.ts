import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentListSchema, type PortalDocument } from '../../../shared/schemas/documents.ts';
import { documents, projects } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { companyIdOf } from '../../test/companies.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('documents', () => {
  let t: TestApp;
  let acmeId: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    acmeId = await companyIdOf(t.app, 'Acme Logistics');
    cookie = await sessionCookieFor(t.app, DEMO_USERS.acme);
  });
  afterAll(() => t.close());

  const get = (url: string, headers = { cookie }) => t.app.inject({ method: 'GET', url, headers });

  async function list(customerId: string, c = cookie): Promise<PortalDocument[]> {
    const res = await get(`/api/customers/${customerId}/documents`, { cookie: c });
    expect(res.statusCode).toBe(200);
    return res.json<PortalDocument[]>();
  }

  for (const [company, email] of [
    ['Acme Logistics', DEMO_USERS.acme],
    ['Globex Retail', DEMO_USERS.globex],
  ] as const) {
    it(`lists ${company}'s documents with project names, newest first`, async () => {
      const customerId = await companyIdOf(t.app, company);
      const body = await list(customerId, await sessionCookieFor(t.app, email));
      expect(documentListSchema.parse(body)).toEqual(body);
      const rows = await t.app.db
        .select({ doc: documents, projectName: projects.name })
        .from(documents)
        .leftJoin(projects, eq(projects.id, documents.projectId))
        .where(eq(documents.customerId, customerId));
      expect(body).toHaveLength(rows.length);
      for (const { doc, projectName } of rows) {
        expect(body.find((d) => d.id === doc.id)).toEqual({
          id: doc.id,
          name: doc.name,
          type: doc.type,
          size: doc.size,
          category: doc.category,
          uploadedBy: doc.uploadedBy,
          uploadedAt: doc.uploadedAt.toISOString(),
          lastModified: doc.lastModified.toISOString(),
          downloadUrl: `/api/customers/${customerId}/documents/${doc.id}/download`,
          projectId: doc.projectId,
          projectName,
        });
      }
      expect(body.some((d) => d.projectName !== null)).toBe(true);
      const times = body.map((d) => d.uploadedAt);
      expect(times).toEqual([...times].sort().reverse());
    });
  }

  it('downloads the stored file as an attachment, typed by its bytes, with nosniff', async () => {
    const docs = await list(acmeId);
    for (const doc of docs) {
      const [row] = await t.app.db.select().from(documents).where(eq(documents.id, doc.id));
      const res = await get(doc.downloadUrl);
      expect(res.statusCode).toBe(200);
      // A real PDF says so; anything else (the seeded CSV) is unknown bytes to save.
      expect(res.headers['content-type']).toBe(
        doc.type === 'pdf' ? 'application/pdf' : 'application/octet-stream',
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${doc.name}"; filename*=UTF-8''${encodeURIComponent(doc.name)}`,
      );
      const stored = await fs.readFile(path.join(t.db.dataDir, 'files', row!.storageKey));
      expect(res.rawPayload.equals(stored)).toBe(true);
      expect(res.rawPayload.length).toBe(doc.size);
    }
  });

  it('serves a PDF inline for preview, and refuses preview of any other type', async () => {
    const docs = await list(acmeId);
    const pdf = docs.find((d) => d.type === 'pdf')!;
    const inline = await get(`${pdf.downloadUrl}?inline=1`);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="/);
    expect(inline.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const csv = docs.find((d) => d.type === 'csv')!;
    const refused = await get(`${csv.downloadUrl}?inline=1`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Preview is only available for PDF files.' });

    const bad = await get(`${pdf.downloadUrl}?inline=yes`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'inline must be 0 or 1' });
  });

  it('answers 404 for an unknown document and for a row whose file is gone', async () => {
    const unknown = await get(
      `/api/customers/${acmeId}/documents/00000000-0000-4000-8000-000000000000/download`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Document not found' });

    const [doc] = await t.app.db
      .insert(documents)
      .values({
        customerId: acmeId,
        name: 'Lost.pdf',
        type: 'pdf',
        contentType: 'application/pdf',
        size: 10,
        category: 'other',
        storageKey: 'seed/missing/lost.pdf',
        uploadedBy: 'Test',
      })
      .returning({ id: documents.id });
    const missing = await get(`/api/customers/${acmeId}/documents/${doc!.id}/download`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'File not found' });
  });

  it('keeps any file name intact in the RFC 5987 filename*', async () => {
    const name = 'Résumé "final"; 100%.pdf';
    const key = 'test/resume.pdf';
    await t.app.storage.put(key, Buffer.from('%PDF-1.4\n'));
    const [doc] = await t.app.db
      .insert(documents)
      .values({
        customerId: acmeId,
        name,
        type: 'pdf',
        contentType: 'application/pdf',
        size: 9,
        category: 'other',
        storageKey: key,
        uploadedBy: 'Test',
      })
      .returning({ id: documents.id });
    const res = await get(`/api/customers/${acmeId}/documents/${doc!.id}/download`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ _final__ 100_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%3B%20100%25.pdf`,
    );
  });

  it('answers an empty list for a company with no documents', async () => {
    const initech = await companyIdOf(t.app, 'Initech');
    expect(await list(initech, await sessionCookieFor(t.app, DEMO_USERS.initech))).toEqual([]);
  });
});
