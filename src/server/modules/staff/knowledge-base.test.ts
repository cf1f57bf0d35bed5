import { beforeAll, describe, expect, it } from 'vitest';
import { kbArticles } from '../../db/schema.ts';
import type {
  Article,
  ArticleRevision,
  Category,
  StaffArticle,
  StaffArticleRow,
} from '../../../shared/schemas/knowledge-base.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

describe('knowledge base articles, staff side (issue 43)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const call = t.request;
  let categoryId = '';

  const article = (fields: object = {}) => ({
    title: 'Reset your VPN password',
    body: 'Open **Settings**.',
    categoryId,
    tags: ['VPN', 'password', 'vpn'],
    visibility: 'public',
    published: true,
    ...fields,
  });

  beforeAll(async () => {
    const res = await call('POST', '/api/staff/kb/categories', { name: 'Remote access' });
    expect(res.statusCode, res.body).toBe(201);
    categoryId = res.json<Category>().id;
  });

  it('writes an article, keeps a revision per save and the address of its first title', async () => {
    const made = await call('POST', '/api/staff/kb/articles', article());
    expect(made.statusCode, made.body).toBe(201);
    const first = made.json<StaffArticle>();
    expect(first).toMatchObject({
      slug: 'reset-your-vpn-password',
      category: 'Remote access',
      tags: ['vpn', 'password'],
      revision: 1,
      updatedBy: 'Morgan Hayes',
    });
    const same = await call('POST', '/api/staff/kb/articles', article({ published: false }));
    expect(same.json<StaffArticle>().slug).toBe('reset-your-vpn-password-2');

    const edited = await call(
      'PUT',
      `/api/staff/kb/articles/${first.id}`,
      article({ title: 'Change your VPN password', body: 'Open **Preferences**.' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<StaffArticle>()).toMatchObject({
      slug: 'reset-your-vpn-password',
      title: 'Change your VPN password',
      revision: 2,
    });
    const revisions = await call('GET', `/api/staff/kb/articles/${first.id}/revisions`);
    expect(revisions.json<ArticleRevision[]>().map((r) => [r.revision, r.title])).toEqual([
      [2, 'Change your VPN password'],
      [1, 'Reset your VPN password'],
    ]);

    const list = await call('GET', '/api/staff/kb/articles?state=draft');
    expect(list.json<StaffArticleRow[]>().map((row) => row.slug)).toEqual([
      'reset-your-vpn-password-2',
    ]);
    expect(list.headers['x-total-count']).toBe('1');
    const searched = await call('GET', '/api/staff/kb/articles?q=change');
    expect(searched.json<StaffArticleRow[]>().map((row) => row.title)).toEqual([
      'Change your VPN password',
    ]);
  });

  it('renders Markdown inert: raw HTML, scripts, javascript: links and foreign images', async () => {
    const body = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '![huge](https://evil.example/100000x100000.png)',
      '![diagram](/files/diagram.png)',
    ].join('\n\n');
    const made = await call('POST', '/api/staff/kb/articles', article({ title: 'Inert', body }));
    expect(made.statusCode, made.body).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/kb/articles/${made.json<StaffArticle>().slug}`,
    });
    const { html } = read.json<Article>();
    expect(html).not.toMatch(/<script|<img src="x|href="javascript|evil\.example/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<img src="/files/diagram.png" alt="diagram" loading="lazy"');
  });

  it.each([
    [{ title: ' ' }, 'Title is required'],
    [{ body: '' }, 'Article text is required'],
    [{ visibility: 'friends' }, 'Visibility must be public, customers, company or staff'],
    [{ visibility: 'company' }, 'Choose the company that may read this article'],
    [
      { customerId: '00000000-0000-4000-8000-000000000000' },
      'Only an article visible to one company names a company',
    ],
    [{ categoryId: '00000000-0000-4000-8000-000000000000' }, 'Choose a category'],
    [
      { visibility: 'company', customerId: '00000000-0000-4000-8000-000000000000' },
      'Choose the company that may read this article',
    ],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'At most 10 tags'],
    [{ body: 'x'.repeat(50_001) }, 'Must be at most 50000 characters'],
  ])('refuses a bad article with a 400 and stores nothing: %$', async (fields, message) => {
    const before = (await t.app.db.select().from(kbArticles)).length;
    const res = await call('POST', '/api/staff/kb/articles', article(fields));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect((await t.app.db.select().from(kbArticles)).length).toBe(before);
  });

  it('keeps categories: unique names, a used one is not deleted', async () => {
    expect(
      (await call('POST', '/api/staff/kb/categories', { name: 'Remote access' })).statusCode,
    ).toBe(409);
    const used = await call('DELETE', `/api/staff/kb/categories/${categoryId}`);
    expect(used.statusCode, used.body).toBe(409);
    const spare = await call('POST', '/api/staff/kb/categories', { name: 'Spare' });
    const spareId = spare.json<Category>().id;
    const renamed = await call('PUT', `/api/staff/kb/categories/${spareId}`, { name: 'Printing' });
    expect(renamed.json<Category>()).toMatchObject({ name: 'Printing', articles: 0 });
    expect((await call('DELETE', `/api/staff/kb/categories/${spareId}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/staff/kb/categories/${spareId}`)).statusCode).toBe(404);
  });

  it('is written by admins and agents; billing and read-only staff read; customers neither', async () => {
    const billing = await sessionCookieFor(t.app, 'billing@example.com');
    const auditor = await sessionCookieFor(t.app, 'auditor@example.com');
    const agent = await sessionCookieFor(t.app, 'agent@example.com');
    expect((await call('GET', '/api/staff/kb/articles', undefined, billing)).statusCode).toBe(200);
    expect((await call('GET', '/api/staff/kb/articles', undefined, auditor)).statusCode).toBe(200);
    for (const cookie of [billing, auditor, ctx.customerCookie]) {
      const res = await call('POST', '/api/staff/kb/articles', article({ title: 'Nope' }), cookie);
      expect(res.statusCode).toBe(403);
    }
    expect(
      (await call('GET', '/api/staff/kb/articles', undefined, ctx.customerCookie)).statusCode,
    ).toBe(403);
    const byAgent = await call(
      'POST',
      '/api/staff/kb/articles',
      article({ title: 'By an agent' }),
      agent,
    );
    expect(byAgent.statusCode, byAgent.body).toBe(201);
  });
});
