import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ArticleHit,
  StaffArticle,
  SuggestionInsights,
} from '../../../shared/schemas/knowledge-base.ts';
import { eq, inArray, sql } from 'drizzle-orm';
import { kbDeflections, kbSuggestionSearches } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { INSIGHT_DAYS, purgeOldSuggestions } from '../../services/knowledge-base/suggestions.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

/** Articles suggested beside the new ticket form, the answers counted (issue 43 item 2). */
describe('knowledge base suggestions and deflections', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let globexCookie = '';
  const slugs: Record<string, string> = {};

  beforeAll(async () => {
    globexCookie = await sessionCookieFor(t.app, DEMO_USERS.globex);
    const category = await t.request('POST', '/api/staff/kb/categories', { name: 'Network' });
    const categoryId = category.json<{ id: string }>().id;
    const add = async (key: string, title: string, fields: object) => {
      const res = await t.request('POST', '/api/staff/kb/articles', {
        title,
        body: `What to do about ${title.toLowerCase()}.`,
        categoryId,
        tags: ['wifi'],
        published: true,
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      slugs[key] = res.json<StaffArticle>().slug;
    };
    for (let i = 1; i <= 5; i++)
      await add(`public${i}`, `Wifi drops in room ${i}`, { visibility: 'public' });
    await add('acme', 'Acme warehouse wifi drops', {
      visibility: 'company',
      customerId: ctx.acmeId,
    });
    await add('globex', 'Globex store wifi drops', {
      visibility: 'company',
      customerId: ctx.globexId,
    });
  });

  const suggest = (companyId: string, cookie: string, subject: string, formId = randomUUID()) =>
    t.request('POST', `/api/customers/${companyId}/kb/suggestions`, { formId, subject }, cookie);
  const deflect = (companyId: string, cookie: string, formId: string, slug: string | undefined) =>
    t.request('POST', `/api/customers/${companyId}/kb/deflections`, { formId, slug }, cookie);

  it("suggests at most five articles the company may read, never another company's", async () => {
    const acme = await suggest(ctx.acmeId, ctx.customerCookie, 'wifi keeps dropping');
    expect(acme.statusCode, acme.body).toBe(200);
    const acmeTitles = acme.json<ArticleHit[]>().map((hit) => hit.title);
    expect(acmeTitles).toHaveLength(5);
    expect(acmeTitles).toContain('Acme warehouse wifi drops');
    expect(acmeTitles).not.toContain('Globex store wifi drops');
    const globex = await suggest(ctx.globexId, globexCookie, 'warehouse wifi');
    expect(globex.json<ArticleHit[]>().map((hit) => hit.title)).not.toContain(
      'Acme warehouse wifi drops',
    );
  });

  it('counts an answered form once, and only with an article the company may read', async () => {
    const formId = randomUUID();
    await suggest(ctx.acmeId, ctx.customerCookie, 'acme wifi', formId);
    expect((await deflect(ctx.acmeId, ctx.customerCookie, formId, slugs.acme)).statusCode).toBe(
      204,
    );
    expect((await deflect(ctx.acmeId, ctx.customerCookie, formId, slugs.acme)).statusCode).toBe(
      204,
    );
    const other = randomUUID();
    expect((await deflect(ctx.globexId, globexCookie, other, slugs.acme)).statusCode).toBe(404);
    expect((await deflect(ctx.acmeId, globexCookie, other, slugs.public1)).statusCode).toBe(403);
  });

  // Outside attack (2026-11-29): any form id, or another company's form, raised the rate.
  it('counts only a form the company was shown articles on', async () => {
    const before = (await t.request('GET', '/api/staff/kb/insights')).json<SuggestionInsights>();
    const never = await deflect(ctx.acmeId, ctx.customerCookie, randomUUID(), slugs.public1);
    expect(never.statusCode).toBe(404);
    expect(never.json()).toEqual({ message: 'No articles were suggested on this form' });
    const acmeForm = randomUUID();
    await suggest(ctx.acmeId, ctx.customerCookie, 'wifi drops', acmeForm);
    const theirs = await deflect(ctx.globexId, globexCookie, acmeForm, slugs.public1);
    expect(theirs.statusCode).toBe(404);
    const nothingFound = randomUUID();
    await suggest(ctx.acmeId, ctx.customerCookie, 'qqqqzzzz', nothingFound);
    const empty = await deflect(ctx.acmeId, ctx.customerCookie, nothingFound, slugs.public1);
    expect(empty.statusCode).toBe(404);
    const after = (await t.request('GET', '/api/staff/kb/insights')).json<SuggestionInsights>();
    expect(after.answered).toBe(before.answered);
  });

  it('gives staff the deflection rate and the subjects that found nothing', async () => {
    const before = (await t.request('GET', '/api/staff/kb/insights')).json<SuggestionInsights>();
    // One form typed "print" then "printer jammed": its last search found nothing.
    const jammed = randomUUID();
    await suggest(ctx.acmeId, ctx.customerCookie, 'wifi', jammed);
    await suggest(ctx.acmeId, ctx.customerCookie, 'Printer jammed', jammed);
    await suggest(ctx.acmeId, ctx.customerCookie, 'printer JAMMED');
    const answered = randomUUID();
    await suggest(ctx.acmeId, ctx.customerCookie, 'wifi drops', answered);
    await deflect(ctx.acmeId, ctx.customerCookie, answered, slugs.public2);

    const res = await t.request('GET', '/api/staff/kb/insights');
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<SuggestionInsights>();
    expect(after.formsWithSuggestions).toBe(before.formsWithSuggestions + 2);
    expect(after.answered).toBe(before.answered + 1);
    expect(after.deflectionRate).toBeCloseTo(after.answered / after.formsWithSuggestions);
    expect(after.unanswered[0]).toMatchObject({ forms: 2 });
    expect(after.unanswered[0]?.query.toLowerCase()).toBe('printer jammed');
    expect(after.unanswered.map((row) => row.query.toLowerCase())).not.toContain('wifi');

    const customer = await t.request(
      'GET',
      '/api/staff/kb/insights',
      undefined,
      ctx.customerCookie,
    );
    expect(customer.statusCode).toBe(403);
  });

  it.each([
    [{ formId: 'nope', subject: 'wifi' }, 'formId must be a UUID'],
    [{ formId: randomUUID(), subject: '  ' }, 'Type something to search for'],
    [{ formId: randomUUID(), subject: 'x'.repeat(201) }, 'Search must be at most 200 characters'],
  ])('refuses %j with a 400', async (body, message) => {
    const res = await t.request(
      'POST',
      `/api/customers/${ctx.acmeId}/kb/suggestions`,
      body,
      ctx.customerCookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it("lets an agent's picker find only what the ticket's company may read", async () => {
    const res = await t.request(
      'GET',
      `/api/staff/kb/search?q=wifi&customerId=${ctx.globexId}&limit=20`,
    );
    const titles = res.json<ArticleHit[]>().map((hit) => hit.title);
    expect(titles).toContain('Globex store wifi drops');
    expect(titles).not.toContain('Acme warehouse wifi drops');
  });

  it('keeps what customers typed only as long as the statistics read it', async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    await suggest(ctx.acmeId, ctx.customerCookie, 'wifi drops', old);
    await deflect(ctx.acmeId, ctx.customerCookie, old, slugs.public1);
    await suggest(ctx.acmeId, ctx.customerCookie, 'recent search', recent);
    const aged = sql`now() - make_interval(days => ${INSIGHT_DAYS + 1})`;
    await t.app.db
      .update(kbSuggestionSearches)
      .set({ createdAt: aged })
      .where(eq(kbSuggestionSearches.formId, old));
    await t.app.db
      .update(kbDeflections)
      .set({ createdAt: aged })
      .where(eq(kbDeflections.formId, old));

    expect(await purgeOldSuggestions(t.app.db)).toBe(2);
    const left = await t.app.db
      .select({ formId: kbSuggestionSearches.formId })
      .from(kbSuggestionSearches)
      .where(inArray(kbSuggestionSearches.formId, [old, recent]));
    expect(left).toEqual([{ formId: recent }]);
    const answers = await t.app.db
      .select()
      .from(kbDeflections)
      .where(eq(kbDeflections.formId, old));
    expect(answers).toEqual([]);
  });
});
