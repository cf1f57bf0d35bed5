import { Download, Eye, FileText, Files, FolderKanban, HardDrive, Receipt } from 'lucide-react';
import type { QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  DocumentCategory,
  DocumentSummary,
  PortalDocument,
} from '../../../shared/schemas/documents.ts';
import { formatFileSize } from '../../../shared/format.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { RowAction, RowCard } from '../../ui/row-card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { CompanyListScreen } from '../shared/company-list-screen.tsx';
import { PagedListCard } from '../shared/paged-list-card.tsx';
import { SampleNotice } from '../shared/sample-notice.tsx';
import { StatCard, StatGrid } from '../shared/stat-card.tsx';
import { downloadDocument, previewDocument } from './document-actions.ts';
import {
  categoriesFor,
  documentTypes,
  filterDocuments,
  summarizeDocuments,
  type CategoryFilter,
} from './document-list.ts';
import { sampleDocuments } from '../shared/sample-documents.ts';
import type { PortalCompany } from '../shared/use-company-query.ts';

const columns = [
  { header: 'Name' },
  { header: 'Category' },
  { header: 'Type' },
  { header: 'Size' },
  { header: 'Uploaded By' },
  { header: 'Date' },
  { header: 'Actions', className: 'text-right' },
] as const;

/** What the screen reads first, asked for before it opens (its entry hovered or focused). */
export function prefetchDocuments(client: QueryClient, company: PortalCompany) {
  void client.prefetchQuery(portalQueries.documentSummary(company.id));
  void client.prefetchInfiniteQuery(portalQueries.documents(company.id, { q: '' }));
}

export function DocumentsScreen() {
  return (
    <CompanyListScreen
      title="Documents"
      intro="Reports, contracts and files shared with you."
      query={portalQueries.documentSummary}
      what="documents"
    >
      {(summary, company) => <DocumentList summary={summary} company={company} />}
    </CompanyListScreen>
  );
}

function DocumentList({ summary, company }: { summary: DocumentSummary; company: PortalCompany }) {
  // Issue 18: cards, filter options and sample rows only of the categories the role reads;
  // a member saw "Project Documents 0" and "Invoices 0" and filters that found nothing (V11).
  const categories = useMemo(() => categoriesFor(company.role), [company.role]);
  const categoryOptions = useMemo(
    () =>
      statusOptions('documentCategory', 'All').filter(
        (o) => o.value === 'all' || categories.includes(o.value as DocumentCategory),
      ),
    [categories],
  );
  const samples = useMemo(
    () => sampleDocuments.filter((d) => categories.includes(d.category)),
    [categories],
  );
  // Spec: a company with no documents sees the built-in sample rows, searched here.
  const isSample = summary.total === 0;
  const types = isSample ? documentTypes(samples) : summary.types;
  const filterValues = useMemo(() => ({ category: categories, type: types }), [categories, types]);
  const read = (params: Record<string, string>) => portalQueries.documents(company.id, params);
  const list = useListParams(filterValues, isSample ? undefined : read);
  const category = list.filters.category as CategoryFilter;
  const type = list.filters.type;
  const pages = usePagedList(read(list.serverParams), !isSample);
  const cards = isSample ? summarizeDocuments(samples) : summary;
  const typeOptions = useMemo(
    () => [
      { value: 'all', label: 'All Types' },
      ...types.map((t) => ({ value: t, label: t.toUpperCase() })),
    ],
    [types],
  );
  const sample = useMemo(
    () => (isSample ? filterDocuments(samples, list.search, category, type) : null),
    [isSample, samples, list.search, category, type],
  );

  return (
    <>
      {isSample && <SampleNotice company={company.name} what="documents" cards />}
      <StatGrid>
        <StatCard label="Total Documents" value={cards.total} icon={Files} />
        {categories.includes('project') && (
          <StatCard label="Project Documents" value={cards.project} icon={FolderKanban} />
        )}
        {categories.includes('invoice') && (
          <StatCard label="Invoices" value={cards.invoice} icon={Receipt} />
        )}
        <StatCard label="Total Size" value={formatFileSize(cards.size)} icon={HardDrive} />
      </StatGrid>
      <PagedListCard
        what="documents"
        empty="No documents found"
        list={list}
        filters={[
          { name: 'category', prefix: 'Category', options: categoryOptions },
          { name: 'type', prefix: 'Type', options: typeOptions },
        ]}
        pages={pages}
        sample={sample}
        view={{
          label: 'Documents',
          columns,
          rowKey: (d) => d.id,
          rowHeight: 64,
          renderCells: (d) => <DocumentCells doc={d} isSample={isSample} />,
          renderCard: (d) => <DocumentCard doc={d} isSample={isSample} />,
        }}
      />
    </>
  );
}

function DocumentCells({ doc: d, isSample }: { doc: PortalDocument; isSample: boolean }) {
  return (
    <>
      <td className="max-w-xs min-w-56 px-4 py-2">
        <DocumentName doc={d} />
      </td>
      <td className="px-4">
        <StatusBadge kind="documentCategory" value={d.category} />
      </td>
      <td className="px-4 uppercase">{d.type}</td>
      <td className="px-4 whitespace-nowrap">{formatFileSize(d.size)}</td>
      <td className="px-4">{d.uploadedBy}</td>
      <td className="px-4">
        <DateTime value={d.uploadedAt} />
      </td>
      <td className="px-4">
        <div className="flex justify-end gap-1">
          <DocumentActions doc={d} isSample={isSample} inCard={false} />
        </div>
      </td>
    </>
  );
}

function DocumentCard({ doc: d, isSample }: { doc: PortalDocument; isSample: boolean }) {
  return (
    <RowCard
      title={<DocumentName doc={d} />}
      badge={<StatusBadge kind="documentCategory" value={d.category} />}
      fields={[
        { label: 'Type', value: <span className="uppercase">{d.type}</span> },
        { label: 'Size', value: formatFileSize(d.size) },
        { label: 'Uploaded By', value: d.uploadedBy },
        { label: 'Date', value: <DateTime value={d.uploadedAt} /> },
      ]}
      actions={<DocumentActions doc={d} isSample={isSample} inCard />}
    />
  );
}

/** Spec: the name with the project's name under it. */
function DocumentName({ doc: d }: { doc: PortalDocument }) {
  return (
    <div className="flex items-center gap-2">
      <FileText className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{d.name}</p>
        {d.projectName && <p className="text-xs break-words text-slate-600">{d.projectName}</p>}
      </div>
    </div>
  );
}

function DocumentActions({
  doc: d,
  isSample,
  inCard,
}: {
  doc: PortalDocument;
  isSample: boolean;
  inCard: boolean;
}) {
  // Sample rows have no file behind them, so their file actions are disabled.
  const sampleHint = isSample ? 'Sample row: no file to open' : undefined;
  return (
    <>
      <RowAction
        icon={Eye}
        text="Preview"
        label={`Preview ${d.name}`}
        inCard={inCard}
        title={sampleHint}
        disabled={isSample}
        onClick={() => previewDocument(d)}
      />
      <RowAction
        icon={Download}
        text="Download"
        label={`Download ${d.name}`}
        inCard={inCard}
        title={sampleHint}
        disabled={isSample}
        onClick={() => downloadDocument(d)}
      />
    </>
  );
}
