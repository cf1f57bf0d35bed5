import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../../shared/format.ts';
import { paths } from '../../../shared/routes.ts';
import {
  unmatchedReasonLabels,
  type UnmatchedMail,
} from '../../../shared/schemas/staff-unmatched-mail.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { ConfirmDialog } from '../../ui/alert-dialog.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { useStaffMutation } from '../api.ts';
import { apiRequest } from '../../lib/api.ts';
import { PageHeader } from '../layout.tsx';
import { QueryState } from '../query-state.tsx';
import { DataTable, cell } from '../table.tsx';
import { AttachMailDialog } from './attach-mail-dialog.tsx';

/** Mail intake could not place: an agent attaches each to a company, or discards it. */
export function UnmatchedMailScreen() {
  const queue = useQuery(staffQueries.unmatchedMail());
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
            <Link href={paths.staff}>Back to tickets</Link>
          </Button>
        }
      />
      <p className="mb-4 max-w-3xl text-sm text-slate-700">
        Mail to the support mailbox that could not become a ticket or reply by itself. Attach each
        one to a company to open a ticket, or discard it. The original message stays downloadable
        either way.
      </p>
      <Card>
        <QueryState query={queue} empty="No unmatched mail">
          {(rows) => {
            const actions = (m: UnmatchedMail) => (
              <MailActions
                mail={m}
                onAttach={() => setAttaching(m)}
                onDiscard={() => setDiscarding(m)}
              />
            );
            return (
              <>
                {/* A phone gets one card per mail; wider screens the table. */}
                <ul className="divide-y divide-slate-100 sm:hidden" aria-label="Unmatched mail">
                  {rows.map((m) => (
                    <li key={m.id} className="grid gap-2 p-4 text-sm">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <ReasonBadge mail={m} />
                        <span className="text-slate-600">{formatDateTime(m.createdAt)}</span>
                      </div>
                      <MailSummary mail={m} />
                      <Sender mail={m} />
                      {actions(m)}
                    </li>
                  ))}
                </ul>
                <div className="hidden sm:block">
                  <DataTable
                    caption="Unmatched mail"
                    columns={['Received', 'From', 'Subject', 'Reason', 'Actions']}
                  >
                    {rows.map((m) => (
                      <tr key={m.id}>
                        <td className={`${cell} whitespace-nowrap`}>
                          {formatDateTime(m.createdAt)}
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
                        <td className={cell}>{actions(m)}</td>
                      </tr>
                    ))}
                  </DataTable>
                </div>
              </>
            );
          }}
        </QueryState>
      </Card>
      <ConfirmDialog
        open={!!discarding}
        onOpenChange={(open) => !open && setDiscarding(null)}
        title="Discard this mail?"
        description={`"${discarding?.subject || '(no subject)'}" from ${discarding?.fromAddress || 'an unknown sender'} leaves the queue without a ticket. The audit log records it.`}
        confirmLabel="Discard"
        onConfirm={() => discarding && discard.mutate(discarding)}
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
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={onAttach} aria-label={`Attach ${what}`}>
        Attach
      </Button>
      <Button variant="secondary" size="sm" asChild>
        <a
          href={staffUrl(`unmatched-mail/${mail.id}/eml`)}
          download
          aria-label={`Download .eml of ${mail.subject || 'mail'}`}
        >
          .eml
        </a>
      </Button>
      <Button variant="secondary" size="sm" onClick={onDiscard} aria-label={`Discard ${what}`}>
        Discard
      </Button>
    </div>
  );
}
