import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoicePages } from '../db/invoice-list.ts';
import { CursorSigner, readPage } from '../db/paged-list.ts';
import { invoices } from '../db/schema.ts';
import { leadPages } from '../modules/staff/lead-pages.ts';
import { companyIdOf } from '../test/companies.ts';
import { portalApiFixture } from '../test/portal-api-fixture.ts';
import { scopeOf } from './paged-lists.ts';

describe('a list is read in the scope the company guard decided (issue 37, item 3)', () => {
  const t = portalApiFixture();
  const signer = new CursorSigner('test-key');
  const query = { limit: 200 };
  let acme = '';
  let globex = '';

  beforeAll(async () => {
    acme = await companyIdOf(t.app, 'Acme Logistics');
    globex = await companyIdOf(t.app, 'Globex Retail');
  });

  it("takes the guard's company, and refuses a route that names another scope", () => {
    const guarded = { company: { companyId: acme, role: 'member' as const } };
    expect(scopeOf(guarded, invoicePages, undefined)).toBe(acme);
    expect(() => scopeOf(guarded, invoicePages, globex)).toThrow(/may not name/);
    expect(() => scopeOf(guarded, invoicePages, acme)).toThrow(/may not name/);
    expect(() => scopeOf(guarded, leadPages, undefined)).toThrow(/may not name/);
    // Without a guard (a staff route) the route names the company it reads.
    expect(scopeOf({ company: null }, invoicePages, globex)).toBe(globex);
    expect(() => scopeOf({ company: null }, invoicePages, undefined)).toThrow(/may not name/);
    expect(scopeOf({ company: null }, leadPages, undefined)).toBe('staff');
    expect(() => scopeOf({ company: null }, leadPages, acme)).toThrow(/may not name/);
  });

  it('reads only the scope’s rows without a where naming the company', async () => {
    const idsOf = async (customerId: string) =>
      (
        await t.app.db
          .select({ id: invoices.id })
          .from(invoices)
          .where(eq(invoices.customerId, customerId))
      ).map((r) => r.id);
    const [acmeIds, globexIds] = [await idsOf(acme), await idsOf(globex)];
    expect(globexIds.length).toBeGreaterThan(0);
    const page = await readPage(t.app.db, signer, invoicePages, { scopeId: acme, query });
    expect(page.total).toBe(acmeIds.length);
    const read = (JSON.parse(page.json) as { id: string }[]).map((i) => i.id);
    expect(read.sort()).toEqual(acmeIds.sort());
  });

  it('refuses a company list read as a staff list and a staff list read in a company', async () => {
    await expect(
      readPage(t.app.db, signer, invoicePages, { scopeId: 'staff', query }),
    ).rejects.toThrow(/read in the scope staff/);
    await expect(readPage(t.app.db, signer, leadPages, { scopeId: acme, query })).rejects.toThrow(
      /read in the scope/,
    );
  });
});
