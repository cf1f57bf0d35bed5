import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { DEMO_STAFF_EMAIL } from '../../seed/demo.ts';
import { answers, distractors } from '../../test/fixtures/kb-relevance.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { createArticle } from './articles.ts';
import { createCategory } from './categories.ts';
import { searchArticles } from './search.ts';

describe('knowledge base search relevance (issue 43): 200 articles, 20 customer queries', () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const { db } = testDb.database;
    const [staff] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_STAFF_EMAIL));
    if (!staff) throw new Error('no seeded staff member');
    const actor = { id: staff.id, name: 'Morgan Hayes', email: DEMO_STAFF_EMAIL };
    await db.transaction(async (tx) => {
      const category = await createCategory(tx, actor, 'Fixture');
      for (const article of [...distractors, ...answers]) {
        await createArticle(tx, actor, {
          title: article.title,
          body: article.body,
          tags: article.tags,
          categoryId: category.id,
          visibility: 'public',
          customerId: null,
          published: true,
        });
      }
    });
  });
  afterAll(() => testDb.destroy());

  it('holds 200 articles', () => {
    expect(distractors.length + answers.length).toBe(200);
  });

  it.each(answers.map((a) => [a.query, a.title] as const))(
    '"%s" finds "%s" in the top 3',
    async (query, title) => {
      const hits = await searchArticles(testDb.database.db, { kind: 'public' }, query, 3);
      expect(hits.map((hit) => hit.title)).toContain(title);
    },
  );
});
