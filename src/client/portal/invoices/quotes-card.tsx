import { useQuery } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { Link } from 'wouter';
import { formatDate } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money-format.ts';
import { paths } from '../../../shared/routes.ts';
import type { QuoteListItem } from '../../../shared/schemas/quotes.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { RowCard } from '../../ui/row-card.tsx';
import { VirtualTable } from '../../ui/virtual-table.tsx';
import { QuoteStatusBadge } from '../../quotes/quote-status-badge.tsx';
import { useCompanyHref } from '../shared/use-company-query.ts';

const columns = [
  { header: 'Quote #' },
  { header: 'Title' },
  { header: 'Total', className: 'text-right' },
  { header: 'Valid Until' },
  { header: 'Status' },
  { header: 'Actions', className: 'text-right' },
] as const;

/**
 * The company's quotes on the invoices screen (ADR 075): sent, accepted, declined and expired
 * ones (the server never lists drafts), each opening its own screen to read, sign or download.
 * Admin and billing only, as `permissions.quotes` says; nothing shows without a quote.
 */
export function QuotesCard({ companyId }: { companyId: string }) {
  const query = useQuery(portalQueries.quotes(companyId));
  const href = useCompanyHref();
  if (!query.data || query.data.length === 0) return null;
  const view = (q: QuoteListItem, inCard: boolean) => (
    <Button size="sm" variant={inCard ? 'secondary' : 'ghost'} asChild>
      <Link href={href(paths.quote(q.id))} aria-label={`View quote ${q.number}`}>
        <Eye className="h-4 w-4" aria-hidden />
        {inCard && 'View'}
      </Link>
    </Button>
  );
  return (
    <Card className="grid gap-4 p-4">
      <h2 className="text-base font-semibold text-slate-900">Quotes</h2>
      <VirtualTable
        label="Quotes"
        columns={columns}
        rows={query.data}
        rowKey={(q) => q.id}
        renderCells={(q) => (
          <>
            <td className="px-4 font-medium whitespace-nowrap text-slate-900">{q.number}</td>
            <td className="max-w-xs min-w-48 px-4 py-2 text-slate-700">{q.title}</td>
            <td className="px-4 text-right font-medium whitespace-nowrap">
              {formatAmount(q.amount, q.currency)}
            </td>
            <td className="px-4 whitespace-nowrap">{formatDate(q.validUntil)}</td>
            <td className="px-4">
              <QuoteStatusBadge status={q.status} />
            </td>
            <td className="px-4">
              <div className="flex justify-end">{view(q, false)}</div>
            </td>
          </>
        )}
        renderCard={(q) => (
          <RowCard
            title={<p className="font-medium text-slate-900">{q.number}</p>}
            badge={<QuoteStatusBadge status={q.status} />}
            fields={[
              { label: 'Title', value: q.title, wide: true },
              {
                label: 'Total',
                value: <span className="font-medium">{formatAmount(q.amount, q.currency)}</span>,
              },
              { label: 'Valid Until', value: formatDate(q.validUntil) },
            ]}
            actions={view(q, true)}
          />
        )}
      />
    </Card>
  );
}
