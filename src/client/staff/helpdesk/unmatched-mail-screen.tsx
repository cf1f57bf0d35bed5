import { useState } from 'react';
import { Link } from 'wouter';
import { DateTime } from '../../ui/date-time.tsx';
import { paths } from '../../../shared/routes.ts';
import {
  unmatchedReasonLabels,
  unmatchedReasons,
  type UnmatchedMail,
} from '../../../shared/schemas/staff-unmatched-mail.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { ConfirmItemDialog } from '../../ui/alert-dialog.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { useStaffMutation } from '../api.ts';
import { apiRequest } from '../../lib/api.ts';
import { PageHeader } from '../layout.tsx';
import { FilterSelect, SearchBox } from '../filters.tsx';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { ListCard } from '../list-card.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { AttachMailDialog } from './attach-mail-dialog.tsx';
import { useStaffCan } from '../use-staff-can.ts';

const reasonOptions = [
  { value: 'all', label: 'All reasons' },
  ...unmatchedReasons.map((r) => ({ value: r, label: unmatchedReasonLabels[r] })),
];

/**
 * Mail intake could not place: an agent attaches each to a company, or discards it. Read
 * in pages (issue 20), searched by sender and subject; search and reason in the URL.
 */
export function UnmatchedMailScreen() {
  const list = useListParams({ reason: unmatchedReasons }, staffQueries.unmatchedMail);
  const queue = usePagedList(staffQueries.unmatchedMail(list.serverParams));
  const [attaching, setAttaching] = useState<UnmatchedMail | null>(null);
  const [discarding, setDiscarding] = useState<UnmatchedMail | null>(null);
  const discard = useStaffMutation<UnmatchedMail>({
    // 204: nothing to parse.
    request: async (mail) => {
      await apiRequest('POST', staffUrl(`unmatched-mail/${mail.id}/discard`));
    },
    success: 'Mail Discarded',
    failure: 'Failed to discard the mail. Please try again.',
  });

  return (
    <>
      <PageHeader
        title="Unmatched Mail"
        action={
          <Button variant="secondary" asChild>
            <Link href={paths.staff}>Back to Tickets</Link>
          </Button>
        }
      />
      <p className="mb-4 max-w-3xl text-sm text-slate-700">
        Mail to the support mailbox that could not become a ticket or reply by itself. Attach each
        one to a company to open a ticket, or discard it. The original message stays downloadable
        either way.
      </p>
      <ListCard
        pages={queue}
        empty={list.q || list.filters.reason !== 'all' ? 'No mail matches' : 'No unmatched mail'}
        what="mail"
        toolbar={
          <>
            <SearchBox label="Search mail" value={list.search} onChange={list.setSearch} />
            <FilterSelect
              label="Reason"
              value={list.filters.reason}
              onChange={(v) => list.setFilter('reason', v)}
              options={reasonOptions}
            />
          </>
        }
      >
        {(rows) => (
          // Below 1024 px the table's rows are cards (ADR 056).
          <DataTable
            caption="Unmatched mail"
            columns={['Received', 'From', 'Subject', 'Reason', 'Actions']}
            wide={['From', 'Subject', 'Reason']}
          >
            {rows.map((m) => (
              <DataRow key={m.id}>
                <td className={cell}>
                  <DateTime value={m.createdAt} />
                </td>
                <td className={cell}>
                  <Sender mail={m} />
                </td>
                <td className={cell}>
                  <MailSummary mail={m} />
                </td>
                <td className={cell}>
                  <ReasonBadge mail={m} />
                </td>
                <td className={cell}>
                  <MailActions
                    mail={m}
                    onAttach={() => setAttaching(m)}
                    onDiscard={() => setDiscarding(m)}
                  />
                </td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
      <ConfirmItemDialog
        item={discarding}
        onClose={() => setDiscarding(null)}
        title="Discard this mail?"
        description={(m) =>
          `"${m.subject || '(no subject)'}" from ${m.fromAddress || 'an unknown sender'} leaves the queue without a ticket. The audit log records it.`
        }
        confirmLabel="Discard"
        onConfirm={(m) => discard.mutate(m)}
      />
      {attaching && <AttachMailDialog mail={attaching} onClose={() => setAttaching(null)} />}
    </>
  );
}

function Sender({ mail }: { mail: UnmatchedMail }) {
  return (
    <div>
      {mail.fromName && <div className="font-medium text-slate-900">{mail.fromName}</div>}
      <div className="break-words text-slate-700">{mail.fromAddress || '(no sender)'}</div>
    </div>
  );
}

function MailSummary({ mail }: { mail: UnmatchedMail }) {
  return (
    <div>
      <div className="font-medium text-slate-900">{mail.subject || '(no subject)'}</div>
      {mail.text && <p className="mt-1 line-clamp-2 text-slate-600">{mail.text}</p>}
    </div>
  );
}

function ReasonBadge({ mail }: { mail: UnmatchedMail }) {
  return (
    <Badge tone={mail.reason === 'unknown-sender' ? 'blue' : 'amber'}>
      {unmatchedReasonLabels[mail.reason]}
    </Badge>
  );
}

function MailActions({
  mail,
  onAttach,
  onDiscard,
}: {
  mail: UnmatchedMail;
  onAttach: () => void;
  onDiscard: () => void;
}) {
  const what = `mail from ${mail.fromAddress || 'unknown sender'}: ${mail.subject}`;
  const canWrite = useStaffCan('helpdesk');
  return (
    // Side by side in the table: stacked, each row was three lines tall (looked at 2026-11-28).
    <div className="flex flex-wrap gap-2 xl:flex-nowrap">
      {canWrite && (
        <Button size="sm" onClick={onAttach} aria-label={`Attach ${what}`}>
          Attach
        </Button>
      )}
      <Button variant="secondary" size="sm" asChild>
        <a
          href={staffUrl(`unmatched-mail/${mail.id}/eml`)}
          download
          aria-label={`Download .eml of ${mail.subject || 'mail'}`}
        >
          .eml
        </a>
      </Button>
      {canWrite && (
        <Button variant="secondary" size="sm" onClick={onDiscard} aria-label={`Discard ${what}`}>
          Discard
        </Button>
      )}
    </div>
  );
}
