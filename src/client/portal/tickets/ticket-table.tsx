import { Eye } from 'lucide-react';
import { Badge } from '../../ui/badge.tsx';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { DateTime } from '../../ui/date-time.tsx';
import { RowAction, RowCard } from '../../ui/row-card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import type { TableView } from '../shared/paged-list-card.tsx';

const columns = [
  { header: 'Subject' },
  { header: 'Priority' },
  { header: 'Status' },
  { header: 'Category' },
  { header: 'Created' },
  { header: 'Updated' },
  { header: 'Actions', className: 'text-right' },
] as const;

/**
 * Spec section 2: the columns in order, with the uppercase id under the subject; a card per
 * ticket below `lg` (ADR 054). The same list as Invoices and Documents (ADR 053, 056).
 */
export function ticketTable(onView: (id: string) => void): TableView<Ticket> {
  return {
    label: 'Tickets',
    columns,
    rowKey: (t) => t.id,
    rowHeight: 64,
    renderCells: (t) => <TicketCells ticket={t} onView={() => onView(t.id)} />,
    renderCard: (t) => <TicketCard ticket={t} onView={() => onView(t.id)} />,
  };
}

type RowProps = { ticket: Ticket; onView: () => void };

function TicketCells({ ticket: t, onView }: RowProps) {
  return (
    <>
      <td className="max-w-xs min-w-48 px-4 py-2">
        <TicketSubject ticket={t} />
      </td>
      <td className="px-4">
        <StatusBadge kind="priority" value={t.priority} />
      </td>
      <td className="px-4">
        <StatusBadge kind="ticketStatus" value={t.status} />
      </td>
      <td className="px-4 text-slate-700">{t.category}</td>
      {/* The dates may wrap before the time: at 1024 px the table fits its box (ADR 054). */}
      <td className="px-4 text-slate-700">
        <DateTime value={t.createdAt} />
      </td>
      <td className="px-4 text-slate-700">
        <DateTime value={t.updatedAt} />
      </td>
      <td className="px-4">
        <div className="flex justify-end">
          <ViewAction ticket={t} onView={onView} inCard={false} />
        </div>
      </td>
    </>
  );
}

function TicketCard({ ticket: t, onView }: RowProps) {
  return (
    <RowCard
      title={<TicketSubject ticket={t} />}
      badge={<StatusBadge kind="ticketStatus" value={t.status} />}
      fields={[
        { label: 'Priority', value: <StatusBadge kind="priority" value={t.priority} /> },
        { label: 'Category', value: t.category },
        { label: 'Created', value: <DateTime value={t.createdAt} /> },
        { label: 'Updated', value: <DateTime value={t.updatedAt} /> },
      ]}
      actions={<ViewAction ticket={t} onView={onView} inCard />}
    />
  );
}

function ViewAction({ ticket: t, onView, inCard }: RowProps & { inCard: boolean }) {
  return (
    <RowAction
      icon={Eye}
      text="View"
      label={`View ticket ${t.id.toUpperCase()}`}
      inCard={inCard}
      onClick={onView}
    />
  );
}

function TicketSubject({ ticket: t }: { ticket: Ticket }) {
  return (
    <>
      <div className="font-medium text-slate-900">
        {t.subject}
        {t.private && (
          <Badge tone="purple" className="ml-2 align-middle">
            Private
          </Badge>
        )}
      </div>
      <div className="font-mono text-xs text-slate-500">{t.id.toUpperCase()}</div>
    </>
  );
}
