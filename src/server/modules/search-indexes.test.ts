import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PortalDocument } from '../../shared/schemas/documents.ts';
import { containsPattern } from '../db/paged-list.ts';
import { invoicePages } from '../db/invoice-list.ts';
import { projectNamePages, projectPages } from '../db/project-list.ts';
import { documents, projects } from '../db/schema.ts';
import { DEMO_USERS } from '../seed/demo.ts';
import { ticketPages } from '../services/helpdesk/ticket-views.ts';
import { companyIdOf } from '../test/companies.ts';
import { portalApiFixture } from '../test/portal-api-fixture.ts';
import { documentPages } from '../db/document-list.ts';
import { companyPages } from './staff/company-pages.ts';

type Plan = { rows: Array<Record<string, string>> };

describe('one trigram index per list answers ?q= (issue 20)', () => {
  const t = portalApiFixture();

  /**
   * The plan of a list's search predicate, exactly as the list's query writes it. A seeded
   * table is small enough for a sequential scan to be cheaper, so sequential scans are priced
   * out inside this transaction: what is left shows whether the index matches the expression.
   */
  const planOf = (from: SQLWrapper, search: SQLWrapper, q: string) =>
    t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = (await tx.execute(
        sql`explain select 1 from ${from} where ${search} ilike ${containsPattern(q)}`,
      )) as unknown as Plan;
      return plan.rows.map((r) => Object.values(r).join(' ')).join('\n');
    });

  it.each([
    ['invoices', invoicePages, 'invoices_search_trgm_idx'],
    ['projects', projectPages, 'projects_search_trgm_idx'],
    ['tickets', ticketPages, 'tickets_search_trgm_idx'],
    ['documents', documentPages, 'documents_search_trgm_idx'],
  ] as const)('the %s search uses %s', async (_name, list, index) => {
    const search = list.search as SQLWrapper;
    expect(await planOf(list.from, search, 'zephyr')).toContain(index);
    // The escaped characters keep the index usable (they are literal trigrams).
    expect(await planOf(list.from, search, '100%_\\')).toContain(index);
  });

  it.each([
    ['invoices', invoicePages],
    ['projects', projectPages],
    ['project names', projectNamePages],
    ['tickets', ticketPages],
    ['documents', documentPages],
    ['companies', companyPages],
  ] as const)('the %s list says its search has an index', (_name, list) => {
    expect(list.searchIndexed).toBe(true);
  });

  it('a searched page prices the scan out for its own transaction only, and keeps to the company', async () => {
    const acme = await companyIdOf(t.app, 'Acme Logistics');
    const res = await t.getAs(DEMO_USERS.acme, `/api/customers/${acme}/projects?q=warehouse`);
    expect(res.statusCode).toBe(200);
    const found = res.json<Array<{ name: string }>>();
    expect(found.length).toBeGreaterThan(0);
    const own = await t.app.db
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.customerId, acme));
    expect(found.every((p) => own.some((o) => o.name === p.name))).toBe(true);
    // `set local`: the connection the next request gets plans as before.
    const shown = (await t.app.db.execute(sql`show enable_seqscan`)) as unknown as Plan;
    expect(Object.values(shown.rows[0] ?? {})).toEqual(['on']);
  });

  it("keeps a document's copied project name in step with the project", async () => {
    const acme = await companyIdOf(t.app, 'Acme Logistics');
    const [project] = await t.app.db
      .insert(projects)
      .values({
        customerId: acme,
        name: 'Warehouse Quokka',
        status: 'scheduled',
        startDate: '2026-01-01',
      })
      .returning({ id: projects.id });
    const [doc] = await t.app.db
      .insert(documents)
      .values({
        customerId: acme,
        projectId: project!.id,
        name: 'floor-plan.pdf',
        type: 'pdf',
        contentType: 'application/pdf',
        size: 10,
        category: 'project',
        storageKey: 'none',
        uploadedBy: 'Test',
      })
      .returning({ id: documents.id });
    const search = async (q: string) => {
      const res = await t.getAs(
        DEMO_USERS.acme,
        `/api/customers/${acme}/documents?q=${encodeURIComponent(q)}`,
      );
      expect(res.statusCode).toBe(200);
      return res.json<PortalDocument[]>();
    };
    expect((await search('quokka')).map((d) => [d.id, d.projectName])).toEqual([
      [doc!.id, 'Warehouse Quokka'],
    ]);

    await t.app.db
      .update(projects)
      .set({ name: 'Warehouse Wombat' })
      .where(eq(projects.id, project!.id));
    expect(await search('quokka')).toEqual([]);
    expect((await search('wombat')).map((d) => d.projectName)).toEqual(['Warehouse Wombat']);

    await t.app.db.delete(projects).where(eq(projects.id, project!.id));
    expect(await search('wombat')).toEqual([]);
    const [row] = await t.app.db
      .select({ projectName: documents.projectName })
      .from(documents)
      .where(eq(documents.id, doc!.id));
    expect(row).toEqual({ projectName: null });
  });
});
