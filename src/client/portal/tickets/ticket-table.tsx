import { Eye } from 'lucide-react';
import { Badge } from '../../ui/badge.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { RowAction, RowCard } from '../../ui/row-card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { SM_UP, useMediaQuery } from '../../ui/use-media-query.ts';

const columns = ['Subject', 'Priority', 'Status', 'Category', 'Created', 'Updated', 'Actions'];

type TicketRowsProps = { tickets: readonly Ticket[]; onView: (id: string) => void };

/**
 * Spec section 2: the columns in order, with the uppercase id under the subject. Below `sm`
 * each ticket is a card with the same fields instead (review V1).
 */
export function TicketTable(props: TicketRowsProps) {
  return useMediaQuery(SM_UP) ? <TicketRows {...props} /> : <TicketCards {...props} />;
}

function TicketRows({ tickets, onView }: TicketRowsProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tickets.map((t) => (
            <tr key={t.id} className="border-b border-slate-100 last:border-0">
              <td className="px-3 py-3">
                <TicketSubject ticket={t} />
              </td>
              <td className="px-3 py-3">
                <StatusBadge kind="priority" value={t.priority} />
              </td>
              <td className="px-3 py-3">
                <StatusBadge kind="ticketStatus" value={t.status} />
              </td>
              <td className="px-3 py-3 text-slate-700">{t.category}</td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                {formatDateTime(t.createdAt)}
              </td>
              <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                {formatDateTime(t.updatedAt)}
              </td>
              <td className="px-3 py-3">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`View ticket ${t.id.toUpperCase()}`}
                  onClick={() => onView(t.id)}
                >
                  View
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TicketCards({ tickets, onView }: TicketRowsProps) {
  return (
    <ul aria-label="Tickets" className="grid gap-3">
      {tickets.map((t) => (
        <li key={t.id}>
          <RowCard
            title={<TicketSubject ticket={t} />}
            badge={<StatusBadge kind="ticketStatus" value={t.status} />}
            fields={[
              { label: 'Priority', value: <StatusBadge kind="priority" value={t.priority} /> },
              { label: 'Category', value: t.category },
              { label: 'Created', value: <DateTime value={t.createdAt} /> },
              { label: 'Updated', value: <DateTime value={t.updatedAt} /> },
            ]}
            actions={
              <RowAction
                icon={Eye}
                text="View"
                label={`View ticket ${t.id.toUpperCase()}`}
                inCard
                onClick={() => onView(t.id)}
              />
            }
          />
        </li>
      ))}
    </ul>
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
