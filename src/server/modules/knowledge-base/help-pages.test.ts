import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helpTokens } from '../../../shared/help-center.ts';
import { prerenderFile, SHELL_PAGE } from '../../../shared/prerender.ts';
import { paths } from '../../../shared/routes.ts';
import type { StaffArticle } from '../../../shared/schemas/knowledge-base.ts';
import { staffTestContext } from '../../test/staff-context.ts';
import { TMP_ROOT } from '../../test/template.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The help center's prerendered template, as the build writes it: head and body tokens. */
async function writeClient(dir: string) {
  const template = `<html><head><title>${helpTokens.title}</title><meta name="description" content="${helpTokens.description}" /><link rel="canonical" href="__APP_URL__${helpTokens.path}" /><meta name="csp-nonce" content="__CSP_NONCE__" /></head><body><header>Meridian</header><div>${helpTokens.content}</div></body></html>`;
  for (const [file, text] of [
    ['index.html', '<html><head></head><body>shell</body></html>'],
    [prerenderFile(SHELL_PAGE), '<html><head></head><body>shell</body></html>'],
    [prerenderFile(paths.help), template],
  ] as const) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
}

describe('the public help center pages (issue 43, ADR 078)', () => {
  let t: TestApp;
  let ctx: Awaited<ReturnType<typeof staffTestContext>>;
  const clientDir = path.join(TMP_ROOT, `help-client-${process.pid}`);
  const slugs: Record<'public' | 'acme' | 'tricky', string> = { public: '', acme: '', tricky: '' };

  beforeAll(async () => {
    await writeClient(clientDir);
    t = await createTestApp({ clientDir, appUrl: 'https://www.meridian.example' });
    ctx = await staffTestContext(t.app);
    const staff = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, headers: { cookie: ctx.staffCookie } });
    const category = (await staff('/api/staff/kb/categories', { name: 'Printing' })).json<{
      id: string;
    }>();
    const article = async (title: string, body: string, fields: object) => {
      const res = await staff('/api/staff/kb/articles', {
        title,
        body,
        categoryId: category.id,
        published: true,
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<StaffArticle>().slug;
    };
    slugs.public = await article('Fix a printer that shows offline', 'Turn it **off** and on.', {
      visibility: 'public',
    });
    slugs.acme = await article('Acme printer codes', 'The Acme code is 4711.', {
      visibility: 'company',
      customerId: ctx.acmeId,
    });
    slugs.tricky = await article(
      'Tokens __KB_CONTENT__ and $& <b>',
      '`__KB_TITLE__` and `__CSP_NONCE__` <script>alert(1)</script>',
      { visibility: 'public' },
    );
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(clientDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('reads a public article as HTML, with its own title, description and canonical URL', async () => {
    const res = await get(paths.helpArticle(slugs.public));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(
      '<title>Fix a printer that shows offline | Meridian IT Services</title>',
    );
    expect(res.body).toContain('content="Turn it off and on."');
    expect(res.body).toContain(`href="https://www.meridian.example/help/${slugs.public}"`);
    expect(res.body).toContain('<strong>off</strong>');
    expect(res.body).not.toMatch(/__KB_|__CSP_NONCE__|__APP_URL__/);
  });

  it('lists public articles by category and searches them with a plain form', async () => {
    const index = await get(paths.help);
    expect(index.body).toContain('<h2 class="text-2xl font-bold text-slate-900">Printing</h2>');
    expect(index.body).toContain(`href="/help/${slugs.public}"`);
    expect(index.body).toContain('<form method="get" action="/help"');
    const search = await get('/help?q=printer%20ofline');
    expect(search.body).toContain(`href="/help/${slugs.public}"`);
  });

  it("never shows a company's article: not on the front page, in the search, or at its address", async () => {
    expect((await get(paths.help)).body).not.toContain(slugs.acme);
    const search = await get('/help?q=acme%20printer%20codes');
    expect(search.body).not.toContain(slugs.acme);
    expect(search.body).not.toContain('4711');
    const page = await get(paths.helpArticle(slugs.acme));
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('4711');
    expect((await get('/help/NOT_A_SLUG')).statusCode).toBe(404);
  });

  it('prints what a writer typed as text: tokens, replacement patterns and HTML', async () => {
    const res = await get(paths.helpArticle(slugs.tricky));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<title>Tokens __KB_CONTENT__ and $&amp; &lt;b&gt; | Meridian IT Services</title>',
    );
    expect(res.body).toContain(
      '<code>__KB_TITLE__</code> and <code>__CSP_NONCE__</code> &lt;script&gt;',
    );
    expect(res.body).toContain('content="__KB_TITLE__ and __CSP_NONCE__ &lt;script&gt;');
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('answers a long or repeated search with a page, never a 400', async () => {
    expect((await get(`/help?q=${'a'.repeat(500)}`)).statusCode).toBe(200);
    expect((await get('/help?q=a&q=b')).statusCode).toBe(200);
  });
});
