import { Link, useRoute } from 'wouter';
import { formatDate } from '../../../shared/format.ts';
import { paths } from '../../../shared/routes.ts';
import { ArticleBody } from '../../knowledge-base/article-body.tsx';
import { Card, CardBody } from '../../ui/card.tsx';
import { QueryError, ScreenSkeleton } from '../shared/query-state.tsx';
import { useCompanyHref, useCurrentCompany } from '../shared/use-company-query.ts';
import { useArticle } from '../shared/knowledge-base-api.ts';

/** An article as the company's users read it (issue 43): public, every customer's, or the company's own. */
export function ArticleScreen() {
  const [, params] = useRoute(paths.portalArticlePattern);
  const company = useCurrentCompany();
  const href = useCompanyHref();
  const article = useArticle(company?.id, params?.slug ?? '');
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <Link href={href(paths.tickets)} className="text-sm text-brand-700 underline">
        Back to Tickets
      </Link>
      {article.data ? (
        <Card>
          <CardBody className="grid gap-4">
            <div>
              <h1 className="text-2xl font-bold text-slate-900">{article.data.title}</h1>
              <p className="mt-1 text-sm text-slate-600">
                {article.data.category} · Updated {formatDate(article.data.updatedAt)}
              </p>
            </div>
            <ArticleBody html={article.data.html} />
          </CardBody>
        </Card>
      ) : article.isError ? (
        <QueryError error={article.error} what="article" onRetry={() => void article.refetch()} />
      ) : (
        <ScreenSkeleton cards={0} rows={6} />
      )}
    </div>
  );
}
