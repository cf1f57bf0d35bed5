import {
  AlertCircle,
  CheckCircle2,
  Clock,
  CreditCard,
  DollarSign,
  Download,
  Eye,
} from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Invoice } from '../../../shared/schemas/invoices.ts';
import { formatCurrency, formatDate } from '../../../shared/format.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { VirtualTable } from '../../ui/virtual-table.tsx';
import { EmptyState } from '../shared/empty-state.tsx';
import { ListToolbar } from '../shared/list-toolbar.tsx';
import { CompanyListScreen } from '../shared/company-list-screen.tsx';
import { SampleNotice, rowsOrSample } from '../shared/sample-notice.tsx';
import { StatCard, StatGrid } from '../shared/stat-card.tsx';
import { openInNewTab } from '../shared/open-link.ts';
import { openInvoicePdf } from './invoice-actions.ts';
import { InvoiceDialog } from './invoice-dialog.tsx';
import {
  filterInvoices,
  invoiceSearchTexts,
  summarizeInvoices,
  type StatusFilter,
} from './invoice-list.ts';
import { sampleInvoices } from '../shared/sample-invoices.ts';

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

export function InvoicesScreen() {
  return (
    <CompanyListScreen
      title="Invoices"
      intro="Your invoices, payments and balances."
      query={portalQueries.invoices}
      what="invoices"
    >
      {(rows, company) => <InvoiceList invoices={rows} company={company} />}
    </CompanyListScreen>
  );
}

function InvoiceList({ invoices, company }: { invoices: Invoice[]; company: string }) {
  const { rows, isSample } = rowsOrSample(invoices, sampleInvoices);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [selected, setSelected] = useState<Invoice | null>(null);
  const summary = useMemo(() => summarizeInvoices(rows), [rows]);
  const texts = useMemo(() => invoiceSearchTexts(rows), [rows]);
  const visible = useMemo(
    () => filterInvoices(rows, search, status, texts),
    [rows, search, status, texts],
  );

  return (
    <>
      {isSample && <SampleNotice company={company} what="invoices" />}
      <StatGrid>
        <StatCard
          label="Outstanding Balance"
          value={formatCurrency(summary.outstandingBalance)}
          icon={DollarSign}
        />
        <StatCard label="Paid" value={summary.paid} icon={CheckCircle2} />
        <StatCard label="Pending" value={summary.pending} icon={Clock} />
        <StatCard label="Overdue" value={summary.overdue} icon={AlertCircle} />
      </StatGrid>
      <Card className="grid gap-4 p-4">
        <ListToolbar
          searchLabel="Search invoices"
          search={search}
          onSearch={setSearch}
          filters={[
            {
              label: 'Filter by status',
              prefix: 'Status',
              value: status,
              options: statusFilterOptions,
              onChange: (v) => setStatus(v as StatusFilter),
            },
          ]}
        />
        {visible.length === 0 ? (
          <EmptyState>No invoices found</EmptyState>
        ) : (
          <VirtualTable
            label="Invoices"
            columns={columns}
            rows={visible}
            rowKey={(i) => i.id}
            renderCells={(i) => <InvoiceCells invoice={i} onView={() => setSelected(i)} />}
          />
        )}
      </Card>
      <InvoiceDialog invoice={selected} onClose={() => setSelected(null)} />
    </>
  );
}

function InvoiceCells({ invoice: i, onView }: { invoice: Invoice; onView: () => void }) {
  const payUrl = i.paymentUrl;
  return (
    <>
      <td className="px-4 font-medium whitespace-nowrap text-slate-900">{i.number}</td>
      <td className="max-w-xs min-w-48 px-4 py-2 text-slate-700">{i.description}</td>
      <td className="px-4 whitespace-nowrap">{formatDate(i.issueDate)}</td>
      <td className="px-4 whitespace-nowrap">{formatDate(i.dueDate)}</td>
      <td className="px-4 text-right font-medium whitespace-nowrap">{formatCurrency(i.amount)}</td>
      <td className="px-4">
        <StatusBadge kind="invoice" value={i.status} />
      </td>
      <td className="px-4">
        <div className="flex justify-end gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`View invoice ${i.number}`}
            onClick={onView}
          >
            <Eye className="h-4 w-4" aria-hidden />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Download invoice ${i.number}`}
            onClick={() => openInvoicePdf(i)}
          >
            <Download className="h-4 w-4" aria-hidden />
          </Button>
          {payUrl ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Pay invoice ${i.number}`}
              onClick={() => openInNewTab(payUrl)}
            >
              <CreditCard className="h-4 w-4" aria-hidden />
            </Button>
          ) : (
            // Keeps the other actions in their columns on rows with nothing to pay.
            <span aria-hidden className="w-10" />
          )}
        </div>
      </td>
    </>
  );
}
