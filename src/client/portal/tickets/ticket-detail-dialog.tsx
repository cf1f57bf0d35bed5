import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DateTime } from '../../ui/date-time.tsx';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { toast } from '../../lib/toast.ts';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useAddReply } from './api.ts';
import { FollowUpActions } from './follow-up-actions.tsx';
import { ResponseTimeNote } from './response-time-note.tsx';
import { TicketTimeSpent } from './ticket-time-spent.tsx';
import { TicketRatingPanel } from './ticket-rating.tsx';
import { TicketWatchers } from './ticket-watchers.tsx';
import { AttachmentList } from '../../attachments/attachment-list.tsx';
import { byMessage } from '../../attachments/by-message.ts';
import { TicketConversation } from '../../tickets/conversation.tsx';
import { ReplyBox } from '../../tickets/reply-box.tsx';
import { attachmentQueries, portalAttachmentUrl } from '../../attachments/queries.ts';

/**
 * Spec section 2: status, priority, assignee, created date, description and the
 * conversation; the reply box only while the ticket is not closed. Every text
 * from users is rendered as text, never as HTML. A sample ticket is not real, so its
 * reply box is shown but turned off: nothing is sent to the server.
 */
export function TicketDetailDialog({
  companyId,
  ticket,
  isSample = false,
  onClose,
}: {
  companyId: string;
  ticket: Ticket | null;
  isSample?: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={!!ticket} onOpenChange={(open) => !open && onClose()}>
      {ticket && <TicketContent companyId={companyId} ticket={ticket} isSample={isSample} />}
    </Dialog>
  );
}

function TicketContent({
  companyId,
  ticket,
  isSample,
}: {
  companyId: string;
  ticket: Ticket;
  isSample: boolean;
}) {
  // Issue 17: the files of each message; a sample ticket has none (and no server copy).
  const attachments = useQuery({
    ...attachmentQueries.portal(companyId, ticket.id),
    enabled: !isSample,
  });
  const filesOf = byMessage(attachments.data);
  const urlOf = portalAttachmentUrl(companyId, ticket.id);
  return (
    <DialogContent title={ticket.subject} className="max-w-2xl">
      <p className="-mt-3 mb-4 font-mono text-xs text-slate-500">{ticket.id.toUpperCase()}</p>
      {/* From `sm` the assignee takes what the others leave: at 1280 px four equal columns
          broke the created date over two lines (review V14). */}
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-[auto_auto_minmax(0,1fr)_auto]">
        <Detail label="Status">
          <StatusBadge kind="ticketStatus" value={ticket.status} />
        </Detail>
        <Detail label="Priority">
          <StatusBadge kind="priority" value={ticket.priority} />
        </Detail>
        <Detail label="Assigned To">{ticket.assignedTo ?? 'Unassigned'}</Detail>
        <Detail label="Created">
          {/* On a phone it wraps before the time, never before AM/PM. */}
          <span className="sm:whitespace-nowrap">
            <DateTime value={ticket.createdAt} />
          </span>
        </Detail>
      </dl>
      <ResponseTimeNote companyId={companyId} ticket={ticket} />
      {!isSample && <TicketTimeSpent companyId={companyId} ticketId={ticket.id} />}
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Description</h3>
      <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{ticket.description}</p>
      <AttachmentList attachments={filesOf(null)} urlOf={urlOf} />

      <h3 className="mt-6 text-sm font-semibold text-slate-900">Conversation</h3>
      <TicketConversation
        replies={ticket.replies}
        events={ticket.events}
        filesOf={filesOf}
        urlOf={urlOf}
      />

      {!isSample && <TicketWatchers companyId={companyId} ticket={ticket} />}

      {ticket.status === 'closed' ? (
        <>
          <p className="mt-6 text-sm text-slate-600">
            This ticket is closed. Create a new ticket if you need more help.
          </p>
          {!isSample && <FollowUpActions companyId={companyId} ticket={ticket} />}
          {!isSample && <TicketRatingPanel companyId={companyId} ticketId={ticket.id} />}
        </>
      ) : (
        <>
          {!isSample && <FollowUpActions companyId={companyId} ticket={ticket} />}
          <CustomerReplyBox
            key={ticket.id}
            companyId={companyId}
            ticketId={ticket.id}
            isSample={isSample}
          />
        </>
      )}
    </DialogContent>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function CustomerReplyBox({
  companyId,
  ticketId,
  isSample,
}: {
  companyId: string;
  ticketId: string;
  isSample: boolean;
}) {
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number>();
  const reply = useAddReply(companyId, ticketId);
  return (
    <ReplyBox
      className="mt-6"
      label="Add Reply"
      placeholder="Type your reply..."
      message={message}
      onMessage={setMessage}
      files={files}
      onFiles={setFiles}
      progress={progress}
      pending={reply.isPending}
      offHint={isSample ? 'This is a sample ticket, so replies are turned off.' : undefined}
      onSend={() =>
        reply.mutate(
          { message, files, onProgress: setProgress },
          {
            onSuccess: () => {
              setMessage('');
              setFiles([]);
              toast({ title: 'Reply Sent' });
            },
            onSettled: () => setProgress(undefined),
          },
        )
      }
    />
  );
}
