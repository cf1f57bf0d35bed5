import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { kbArticles } from '../../db/schema.ts';
import type { ArticleHit, StaffArticle } from '../../../shared/schemas/knowledge-base.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

/**
 * An article reaches only its readers through every door (issue 43, ADR 078): the public
 * search and article, a company's search, its suggestions (the same search, five hits), its
 * article read, the staff picker and the sitemap. Every article holds the word "quasar", so a
 * search for it lists whatever a reader may see.
 */
describe('knowledge base visibility through every door', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let globexCookie = '';
  const slugs: Record<string, string> = {};

  const titles = {
    public: 'Quasar public article',
    customers: 'Quasar article for every customer',
    acme: 'Quasar article for Acme only',
    globex: 'Quasar article for Globex only',
    staff: 'Quasar staff only notes',
    draft: 'Quasar public draft',
  } as const;

  beforeAll(async () => {
    globexCookie = await sessionCookieFor(t.app, DEMO_USERS.globex);
    const category = await t.request('POST', '/api/staff/kb/categories', { name: 'Visibility' });
    expect(category.statusCode, category.body).toBe(201);
    const categoryId = category.json<{ id: string }>().id;
    const specs: [keyof typeof titles, object][] = [
      ['public', { visibility: 'public', published: true }],
      ['customers', { visibility: 'customers', published: true }],
      ['acme', { visibility: 'company', customerId: ctx.acmeId, published: true }],
      ['globex', { visibility: 'company', customerId: ctx.globexId, published: true }],
      ['staff', { visibility: 'staff', published: true }],
      ['draft', { visibility: 'public', published: false }],
    ];
    for (const [key, fields] of specs) {
      const res = await t.request('POST', '/api/staff/kb/articles', {
        title: titles[key],
        body: `How the quasar works for ${key}.`,
        categoryId,
        tags: ['quasar'],
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      slugs[key] = res.json<StaffArticle>().slug;
    }
  });

  const searchTitles = async (url: string, cookie?: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<ArticleHit[]>()
      .map((hit) => hit.title)
      .sort();
  };
  const status = async (url: string, cookie?: string) =>
    (await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).statusCode;

  it('the public search and article: public articles only', async () => {
    expect(await searchTitles('/api/kb/search?q=quasar')).toEqual([titles.public]);
    expect(await status(`/api/kb/articles/${slugs.public}`)).toBe(200);
    for (const key of ['customers', 'acme', 'globex', 'staff', 'draft'] as const) {
      expect(await status(`/api/kb/articles/${slugs[key]}`), key).toBe(404);
    }
  });

  it("a company's search and suggestions: public, every customer's and its own", async () => {
    const acme = [titles.acme, titles.customers, titles.public].sort();
    expect(
      await searchTitles(`/api/customers/${ctx.acmeId}/kb/search?q=quasar`, ctx.customerCookie),
    ).toEqual(acme);
    expect(
      await searchTitles(
        `/api/customers/${ctx.acmeId}/kb/search?q=quasr&limit=5`,
        ctx.customerCookie,
      ),
    ).toEqual(acme);
    const globex = [titles.globex, titles.customers, titles.public].sort();
    expect(
      await searchTitles(`/api/customers/${ctx.globexId}/kb/search?q=quasar`, globexCookie),
    ).toEqual(globex);
  });

  it("a company's article read: never another company's, staff notes or drafts", async () => {
    const acmeRead = (key: keyof typeof titles) =>
      status(`/api/customers/${ctx.acmeId}/kb/articles/${slugs[key]}`, ctx.customerCookie);
    expect(await acmeRead('acme')).toBe(200);
    expect(await acmeRead('customers')).toBe(200);
    expect(await acmeRead('globex')).toBe(404);
    expect(await acmeRead('staff')).toBe(404);
    expect(await acmeRead('draft')).toBe(404);
    // Naming the other company in the path is refused by the company guard.
    expect(
      await status(
        `/api/customers/${ctx.globexId}/kb/articles/${slugs.globex}`,
        ctx.customerCookie,
      ),
    ).toBe(403);
  });

  it('the staff picker: every published article, no draft', async () => {
    expect(await searchTitles('/api/staff/kb/search?q=quasar', ctx.staffCookie)).toEqual(
      [titles.acme, titles.customers, titles.globex, titles.public, titles.staff].sort(),
    );
  });

  it('the sitemap: public articles only', async () => {
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain(`/help/${slugs.public}</loc>`);
    for (const key of ['customers', 'acme', 'globex', 'staff', 'draft'] as const) {
      expect(sitemap, key).not.toContain(slugs[key]);
    }
  });

  it('an edit that narrows visibility closes the doors at once', async () => {
    const [hit] = await t.app.db
      .select()
      .from(kbArticles)
      .where(eq(kbArticles.slug, slugs.public ?? ''));
    if (!hit) throw new Error('no public article');
    const res = await t.request('PUT', `/api/staff/kb/articles/${hit.id}`, {
      title: hit.title,
      body: hit.body,
      categoryId: hit.categoryId,
      tags: hit.tags,
      visibility: 'company',
      customerId: ctx.acmeId,
      published: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await searchTitles('/api/kb/search?q=quasar')).toEqual([]);
    expect(await status(`/api/kb/articles/${slugs.public}`)).toBe(404);
    expect(
      await searchTitles(`/api/customers/${ctx.globexId}/kb/search?q=quasar`, globexCookie),
    ).not.toContain(titles.public);
  });
});
