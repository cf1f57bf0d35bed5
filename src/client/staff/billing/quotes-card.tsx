import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money-format.ts';
import type { Quote, QuoteListItem } from '../../../shared/schemas/quotes.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { QuoteStatusBadge } from '../../quotes/quote-status-badge.tsx';
import { Button } from '../../ui/button.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { ListCard } from '../list-card.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { QuoteDialog } from './quote-dialog.tsx';
import { QuoteSendDialog } from './quote-send-dialog.tsx';

/**
 * A company's quotes, newest first, in pages (ADR 072): a draft is edited and sent, a sent one
 * reopened to change it (a new version), an accepted one's PDF carries the signature's evidence.
 * Billing and admins write, every other role reads.
 */
export function QuotesCard({ companyId }: { companyId: string }) {
  const quotes = usePagedList(staffQueries.quotes(companyId));
  const company = useQuery(staffQueries.company(companyId));
  const canWrite = useStaffCan('invoices');
  const currency = company.data?.currency;
  const [editing, setEditing] = useState<Quote | 'new' | null>(null);
  const [sending, setSending] = useState<Quote | null>(null);
  const queryClient = useQueryClient();
  // The list holds no lines: the dialogs get the whole quote, read when the button is pressed.
  const open = async (id: string, then: (q: Quote) => void) =>
    then(await queryClient.fetchQuery(staffQueries.quote(id)));
  const reopen = useStaffMutation<QuoteListItem>({
    request: (q) => sendJson('POST', staffUrl(`quotes/${q.id}/reopen`), { version: q.version }),
    success: 'Quote Reopened as a Draft',
    failure: 'Failed to reopen the quote. Please try again.',
  });
  return (
    <>
      <ListCard
        title="Quotes"
        action={
          canWrite && currency && <Button onClick={() => setEditing('new')}>New Quote</Button>
        }
        pages={quotes}
        empty="No quotes"
        what="quotes"
        one="quote"
      >
        {(rows) => (
          <DataTable
            caption="Quotes"
            columns={['Quote #', 'Title', 'Valid Until', 'Amount', 'Status', 'Actions']}
            wide={['Title']}
          >
            {rows.map((q) => (
              <DataRow key={q.id}>
                <td className={cell}>{q.number}</td>
                <td className={cell}>{q.title}</td>
                <td className={cell}>{formatDate(q.validUntil)}</td>
                <td className={cell}>{formatAmount(q.amount, q.currency)}</td>
                <td className={cell}>
                  <QuoteStatusBadge status={q.status} />
                </td>
                <td className={cell}>
                  <div className="flex flex-wrap gap-2">
                    <Button variant="secondary" size="sm" asChild>
                      <a
                        href={staffUrl(`quotes/${q.id}/pdf`)}
                        target="_blank"
                        rel="noreferrer"
                        aria-label={`PDF of ${q.number}`}
                      >
                        PDF
                      </a>
                    </Button>
                    {canWrite && q.status === 'draft' && (
                      <>
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => void open(q.id, setEditing)}
                          aria-label={`Edit ${q.number}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          onClick={() => void open(q.id, setSending)}
                          aria-label={`Send ${q.number}`}
                        >
                          Send
                        </Button>
                      </>
                    )}
                    {canWrite && q.status === 'sent' && (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={reopen.isPending}
                        onClick={() => reopen.mutate(q)}
                        aria-label={`Reopen ${q.number} to change it`}
                      >
                        Reopen
                      </Button>
                    )}
                  </div>
                </td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
      {editing && currency && (
        <QuoteDialog
          companyId={companyId}
          currency={currency}
          quote={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {sending && <QuoteSendDialog quote={sending} onClose={() => setSending(null)} />}
    </>
  );
}
