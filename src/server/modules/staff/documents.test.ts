import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, documents, projects } from '../../db/schema.ts';
import { MAX_DOCUMENT_BYTES } from '../../../shared/schemas/documents.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { multipartBody } from '../../test/staff-context.ts';

describe('document upload', () => {
  const t = useStaffTestApp();
  const { ctx } = t;

  /** The company's stored files, on disk or in the bucket. */
  const storedFiles = async () => {
    const keys: string[] = [];
    for await (const { key } of t.app.storage.list()) {
      if (key.startsWith(`customers/${ctx.acmeId}/`)) keys.push(key);
    }
    return keys.sort();
  };
  const documentCount = async () =>
    (await t.app.db.select({ n: count() }).from(documents))[0]?.n ?? 0;
  const upload = async (fields: Record<string, string>, data: Buffer, name = 'report.pdf') => {
    const body = await multipartBody(fields, { name, type: 'application/pdf', data });
    return t.app.inject({
      method: 'POST',
      url: `/api/staff/customers/${ctx.acmeId}/documents`,
      payload: body.payload,
      headers: { ...body.headers, cookie: ctx.staffCookie },
    });
  };

  it('stores the bytes through the storage interface and records the document and its activity', async () => {
    const [project] = await t.app.db
      .select()
      .from(projects)
      .where(eq(projects.customerId, ctx.acmeId))
      .limit(1);
    const bytes = Buffer.from('%PDF-1.4\nstaff upload test\n%%EOF\n');
    const res = await upload(
      { category: 'project', projectId: project!.id },
      bytes,
      'C:\\Users\\x\\Site Plan.PDF',
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Site Plan.PDF',
      type: 'pdf',
      size: bytes.length,
      category: 'project',
      projectId: project!.id,
      projectName: project!.name,
      uploadedBy: 'Morgan Hayes',
    });
    const [row] = await t.app.db.select().from(documents).where(eq(documents.id, body.id));
    const stored = await t.app.storage.get(row!.storageKey);
    const chunks: Buffer[] = [];
    for await (const c of stored) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(row!.contentType).toBe('application/pdf');
    const acts = await t.app.db
      .select()
      .from(activities)
      .where(eq(activities.customerId, ctx.acmeId));
    expect(acts.map((a) => [a.type, a.title])).toContainEqual([
      'document',
      'New document: Site Plan.PDF',
    ]);
  });

  it('refuses a file over 25 MB with 413 and stores nothing', async () => {
    const filesBefore = await storedFiles();
    const rowsBefore = await documentCount();
    const res = await upload({ category: 'other' }, Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The file is larger than 25 MB' });
    expect(await documentCount()).toBe(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  // Outside attack (2026-11-29): a staff upload took any bytes under any name, and customers
  // download what staff upload. The attachments' rules apply.
  it.each([
    ['setup.exe', 'MZ not really', '"setup.exe" is a program and cannot be attached'],
    [
      'report.pdf',
      '<html><script>x</script>',
      '"report.pdf" is not the kind of file its name says',
    ],
  ])('refuses %s, storing nothing', async (name, content, message) => {
    const filesBefore = await storedFiles();
    const rowsBefore = await documentCount();
    const res = await upload({ category: 'other' }, Buffer.from(content), name);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await documentCount()).toBe(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('accepts a file of exactly 25 MB', async () => {
    const res = await upload({ category: 'other' }, Buffer.alloc(MAX_DOCUMENT_BYTES, 2), 'big.bin');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ size: MAX_DOCUMENT_BYTES, type: 'bin' });
  });

  it("refuses another company's project, a missing category and an empty file, storing nothing", async () => {
    const [globexProject] = await t.app.db
      .select()
      .from(projects)
      .where(eq(projects.customerId, ctx.globexId))
      .limit(1);
    const filesBefore = await storedFiles();
    const rowsBefore = await documentCount();
    const cases: Array<[Record<string, string>, Buffer, string]> = [
      [
        { category: 'project', projectId: globexProject!.id },
        Buffer.from('x'),
        'Project not found for this company',
      ],
      [{}, Buffer.from('x'), 'Category is required'],
      [{ category: 'secret' }, Buffer.from('x'), 'Category is required'],
      [{ category: 'other' }, Buffer.alloc(0), 'The file is empty'],
    ];
    for (const [fields, data, message] of cases) {
      const res = await upload(fields, data);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await documentCount()).toBe(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a request without a file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/customers/${ctx.acmeId}/documents`,
      headers: { cookie: ctx.staffCookie },
      payload: { category: 'other' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('lists the company documents for staff', async () => {
    const res = await t.app.inject({
      url: `/api/staff/customers/${ctx.acmeId}/documents`,
      headers: { cookie: ctx.staffCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((d: { name: string }) => d.name)).toContain('Site Plan.PDF');
  });
});
