import { useState } from 'react';
import {
  articleVisibilities,
  articleVisibilityLabels,
} from '../../../shared/schemas/knowledge-base.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { FilterSelect, SearchBox } from '../filters.tsx';
import { PageHeader } from '../layout.tsx';
import { ListCard } from '../list-card.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { ArticleEditor } from './article-editor.tsx';
import { CategoriesDialog } from './categories-dialog.tsx';
import { SuggestionInsightsCard } from './suggestion-insights-card.tsx';

const visibilityOptions = [
  { value: 'all', label: 'All visibilities' },
  ...articleVisibilities.map((value) => ({ value, label: articleVisibilityLabels[value] })),
];
const stateOptions = [
  { value: 'all', label: 'All states' },
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Drafts' },
];

/** The knowledge base's articles (issue 43), last changed first, in pages; search and filters in the URL. */
export function KnowledgeBaseScreen() {
  const list = useListParams(
    { visibility: articleVisibilities, state: ['published', 'draft'] },
    staffQueries.kbArticles,
  );
  const articles = usePagedList(staffQueries.kbArticles(list.serverParams));
  const canWrite = useStaffCan('knowledgeBase');
  const [editing, setEditing] = useState<string | null>(null);
  const [categories, setCategories] = useState(false);
  return (
    <>
      <PageHeader
        title="Knowledge Base"
        action={
          <div className="flex flex-wrap gap-2">
            {canWrite && <Button onClick={() => setEditing('new')}>New Article</Button>}
            <Button variant="secondary" onClick={() => setCategories(true)}>
              Categories
            </Button>
          </div>
        }
      />
      <SuggestionInsightsCard />
      <ListCard
        pages={articles}
        empty="No articles found"
        what="articles"
        toolbar={
          <>
            <SearchBox label="Search articles" value={list.search} onChange={list.setSearch} />
            <FilterSelect
              label="Visibility"
              value={list.filters.visibility}
              onChange={(v) => list.setFilter('visibility', v)}
              options={visibilityOptions}
            />
            <FilterSelect
              label="State"
              value={list.filters.state}
              onChange={(v) => list.setFilter('state', v)}
              options={stateOptions}
            />
          </>
        }
      >
        {(rows) => (
          <DataTable
            caption="Articles"
            columns={['Title', 'Category', 'Visibility', 'State', 'Last changed', 'Actions']}
            wide={['Title']}
          >
            {rows.map((article) => (
              <DataRow key={article.id}>
                <td className={cell}>
                  <div className="font-medium text-slate-900">{article.title}</div>
                  {article.tags.length > 0 && (
                    <div className="text-xs text-slate-600">{article.tags.join(', ')}</div>
                  )}
                </td>
                <td className={cell}>{article.category}</td>
                <td className={cell}>
                  {articleVisibilityLabels[article.visibility]}
                  {article.customerName && (
                    <div className="text-xs text-slate-600">{article.customerName}</div>
                  )}
                </td>
                <td className={cell}>
                  {article.published ? (
                    <Badge tone="green">Published</Badge>
                  ) : (
                    <Badge tone="gray">Draft</Badge>
                  )}
                </td>
                <td className={`${cell} whitespace-nowrap text-slate-600`}>
                  <DateTime value={article.updatedAt} />
                  <div className="text-xs">{article.updatedBy}</div>
                </td>
                <td className={cell}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setEditing(article.id)}
                    aria-label={`${canWrite ? 'Edit' : 'View'} ${article.title}`}
                  >
                    {canWrite ? 'Edit' : 'View'}
                  </Button>
                </td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
      {editing && (
        <ArticleEditor
          articleId={editing === 'new' ? null : editing}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
        />
      )}
      {categories && <CategoriesDialog canWrite={canWrite} onClose={() => setCategories(false)} />}
    </>
  );
}
