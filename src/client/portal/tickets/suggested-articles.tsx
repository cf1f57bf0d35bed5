import { paths } from '../../../shared/routes.ts';
import type { ArticleHit } from '../../../shared/schemas/knowledge-base.ts';
import { Button } from '../../ui/button.tsx';
import { useCompanyHref } from '../shared/use-company-query.ts';

/**
 * Articles that may answer the ticket being written (issue 43): each opens in a new tab, so
 * the form keeps what was typed; "This answered my question" closes the form without a ticket.
 */
export function SuggestedArticles({
  hits,
  pending,
  onAnswered,
}: {
  hits: readonly ArticleHit[];
  pending: boolean;
  onAnswered: (hit: ArticleHit) => void;
}) {
  const href = useCompanyHref();
  return (
    <aside
      aria-label="Suggested articles"
      className="grid content-start gap-3 rounded-md border border-slate-200 bg-slate-50 p-4 md:col-start-2 md:row-span-8 md:row-start-1"
    >
      <h3 className="text-sm font-semibold text-slate-900">These articles may answer it</h3>
      <ul className="grid gap-4">
        {hits.map((hit) => (
          <li key={hit.slug} className="grid gap-1">
            <a
              href={href(paths.portalArticle(hit.slug))}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm font-medium text-brand-700 underline"
            >
              {hit.title}
            </a>
            <p className="line-clamp-2 text-sm text-slate-600">{hit.excerpt}</p>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="justify-self-start"
              disabled={pending}
              aria-label={`This answered my question: ${hit.title}`}
              onClick={() => onAnswered(hit)}
            >
              This answered my question
            </Button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
