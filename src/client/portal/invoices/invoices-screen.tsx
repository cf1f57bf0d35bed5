import {
  AlertCircle,
  CheckCircle2,
  Clock,
  CreditCard,
  DollarSign,
  Download,
  Eye,
} from 'lucide-react';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, useMemo, useState } from 'react';
import type { InvoiceSummary } from '../../../shared/schemas/invoices.ts';
import { invoiceStatuses } from '../../../shared/status-values.ts';
import type { Invoice } from '../../../shared/schemas/invoices.ts';
import { formatCurrency, formatDate } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money-format.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { RowAction, RowCard } from '../../ui/row-card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { can } from '../../../shared/permissions.ts';
import { CompanyListScreen } from '../shared/company-list-screen.tsx';
import type { PortalCompany } from '../shared/use-company-query.ts';
import { StatementCard } from './statement-card.tsx';
import { AgreementHoursCard } from './agreement-hours-card.tsx';
import { QuotesCard } from './quotes-card.tsx';
import { PagedListCard } from '../shared/paged-list-card.tsx';
import { SampleNotice } from '../shared/sample-notice.tsx';
import { StatCard, StatGrid } from '../shared/stat-card.tsx';
import { openInNewTab } from '../shared/open-link.ts';
import { openInvoicePdf } from './invoice-actions.ts';
import { AutopayCard } from './autopay-card.tsx';
import { usePaymentReturnNotice } from './payment-return.ts';
import { filterInvoices, summarizeInvoices, type StatusFilter } from './invoice-list.ts';
import { sampleInvoices } from '../shared/sample-invoices.ts';
import { MountWhen } from '../../ui/mount-when.tsx';

// Loaded when an invoice is first opened, not before the list paints (issue 42).
const InvoiceDialog = lazy(() =>
  import('./invoice-dialog.tsx').then((m) => ({ default: m.InvoiceDialog })),
);

const statusFilterOptions = statusOptions('invoice', 'All');

const columns = [
  { header: 'Invoice #' },
  { header: 'Description' },
  { header: 'Issue Date' },
  { header: 'Due Date' },
  { header: 'Amount', className: 'text-right' },
  { header: 'Status' },
  { header: 'Actions', className: 'text-right' },
] as const;

/** What the screen reads first, asked for before it opens (its entry hovered or focused). */
export function prefetchInvoices(client: QueryClient, company: PortalCompany) {
  void client.prefetchQuery(portalQueries.invoiceSummary(company.id));
  void client.prefetchInfiniteQuery(portalQueries.invoices(company.id, { q: '' }));
}

export function InvoicesScreen() {
  usePaymentReturnNotice();
  return (
    <CompanyListScreen
      title="Invoices"
      intro="Your invoices, payments and balances."
      query={portalQueries.invoiceSummary}
      what="invoices"
    >
      {(summary, company) => <InvoiceList summary={summary} company={company} />}
    </CompanyListScreen>
  );
}

const filterValues = { status: invoiceStatuses };

function InvoiceList({ summary, company }: { summary: InvoiceSummary; company: PortalCompany }) {
  // Spec: a company with no invoices sees the built-in sample rows, searched here.
  const isSample = summary.total === 0;
  const read = (params: Record<string, string>) => portalQueries.invoices(company.id, params);
  const list = useListParams(filterValues, isSample ? undefined : read);
  const status = list.filters.status as StatusFilter;
  const pages = usePagedList(read(list.serverParams), !isSample);
  const [selected, setSelected] = useState<Invoice | null>(null);
  const sample = useMemo(
    () => (isSample ? filterInvoices(sampleInvoices, list.search, status) : null),
    [isSample, list.search, status],
  );
  const cards = isSample ? summarizeInvoices(sampleInvoices) : summary;

  return (
    <>
      {isSample && <SampleNotice company={company.name} what="invoices" cards />}
      <StatGrid>
        <StatCard
          label="Outstanding Balance"
          value={formatCurrency(cards.outstandingBalance)}
          icon={DollarSign}
        />
        <StatCard label="Paid" value={cards.paid} icon={CheckCircle2} />
        <StatCard label="Pending" value={cards.pending} icon={Clock} />
        <StatCard label="Overdue" value={cards.overdue} icon={AlertCircle} />
      </StatGrid>
      {!isSample && <AutopayCard companyId={company.id} />}
      <PagedListCard
        what="invoices"
        empty="No invoices found"
        list={list}
        filters={[{ name: 'status', prefix: 'Status', options: statusFilterOptions }]}
        pages={pages}
        sample={sample}
        view={{
          label: 'Invoices',
          columns,
          rowKey: (i) => i.id,
          renderCells: (i) => <InvoiceCells invoice={i} onView={() => setSelected(i)} />,
          renderCard: (i) => <InvoiceCard invoice={i} onView={() => setSelected(i)} />,
        }}
      />
      {/* Real hours even beside sample invoices: the card hides itself without an agreement. */}
      {can(company.role, 'agreementHours') && <AgreementHoursCard companyId={company.id} />}
      {/* Real quotes even beside sample invoices: the card hides itself without one. It asks
          once the invoices' first page is in, so the screen's own list is never queued behind it. */}
      {can(company.role, 'quotes') && (isSample || !pages.isPending) && (
        <QuotesCard companyId={company.id} />
      )}
      {/* The statement is of real rows only; the route itself admits admin and billing. */}
      {!isSample && can(company.role, 'invoices') && <StatementCard companyId={company.id} />}
      <MountWhen when={!!selected}>
        <InvoiceDialog invoice={selected} onClose={() => setSelected(null)} />
      </MountWhen>
    </>
  );
}

function InvoiceCells({ invoice: i, onView }: { invoice: Invoice; onView: () => void }) {
  return (
    <>
      <td className="px-4 font-medium whitespace-nowrap text-slate-900">{i.number}</td>
      <td className="max-w-xs min-w-48 px-4 py-2 text-slate-700">{i.description}</td>
      <td className="px-4 whitespace-nowrap">{formatDate(i.issueDate)}</td>
      <td className="px-4 whitespace-nowrap">{formatDate(i.dueDate)}</td>
      <td className="px-4 text-right font-medium whitespace-nowrap">
        {formatAmount(i.amount, i.currency)}
      </td>
      <td className="px-4">
        <StatusBadge kind="invoice" value={i.status} />
      </td>
      <td className="px-4">
        <div className="flex justify-end gap-1">
          <InvoiceActions invoice={i} onView={onView} inCard={false} />
        </div>
      </td>
    </>
  );
}

function InvoiceCard({ invoice: i, onView }: { invoice: Invoice; onView: () => void }) {
  return (
    <RowCard
      title={<p className="font-medium text-slate-900">{i.number}</p>}
      badge={<StatusBadge kind="invoice" value={i.status} />}
      fields={[
        { label: 'Description', value: i.description, wide: true },
        { label: 'Issue Date', value: formatDate(i.issueDate) },
        { label: 'Due Date', value: formatDate(i.dueDate) },
        {
          label: 'Amount',
          value: <span className="font-medium">{formatAmount(i.amount, i.currency)}</span>,
        },
      ]}
      actions={<InvoiceActions invoice={i} onView={onView} inCard />}
    />
  );
}

function InvoiceActions({
  invoice: i,
  onView,
  inCard,
}: {
  invoice: Invoice;
  onView: () => void;
  inCard: boolean;
}) {
  const payUrl = i.paymentUrl;
  return (
    <>
      <RowAction
        icon={Eye}
        text="View"
        label={`View invoice ${i.number}`}
        inCard={inCard}
        onClick={onView}
      />
      <RowAction
        icon={Download}
        text="Download"
        label={`Download invoice ${i.number}`}
        inCard={inCard}
        onClick={() => openInvoicePdf(i)}
      />
      {payUrl ? (
        <RowAction
          icon={CreditCard}
          text="Pay"
          label={`Pay invoice ${i.number}`}
          inCard={inCard}
          onClick={() => openInNewTab(payUrl)}
        />
      ) : (
        // Keeps the other actions in their columns on rows with nothing to pay.
        !inCard && <span aria-hidden className="w-10" />
      )}
    </>
  );
}
