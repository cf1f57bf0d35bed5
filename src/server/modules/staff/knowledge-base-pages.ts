import { sql } from 'drizzle-orm';
import type { StaffArticleRow } from '../../../shared/schemas/knowledge-base.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { customers, kbArticles, kbCategories } from '../../db/schema.ts';
import { staffArticleColumns } from '../../services/knowledge-base/articles.ts';

/**
 * The staff list of articles (issue 43), most recently changed first: every visibility and
 * drafts too. `q` on title and tags; filters on visibility and published or draft. No trigram
 * index of its own: articles are written by hand, hundreds, and the title has one.
 */
export const staffArticlePages: PagedList<StaffArticleRow, 'visibility' | 'state'> = {
  name: 'staff-kb-articles',
  scope: 'staff',
  from: sql`${kbArticles}
    join ${kbCategories} on ${kbCategories.id} = ${kbArticles.categoryId}
    left join ${customers} on ${customers.id} = ${kbArticles.customerId}`,
  row: () => staffArticleColumns,
  order: [
    { expr: kbArticles.updatedAt, desc: true, type: 'timestamptz' },
    { expr: kbArticles.id, desc: true, type: 'uuid' },
  ],
  search: [kbArticles.title, sql`array_to_string(${kbArticles.tags}, ' ')`],
  filters: {
    visibility: sql`${kbArticles.visibility}::text`,
    state: sql`case when ${kbArticles.published} then 'published' else 'draft' end`,
  },
};
