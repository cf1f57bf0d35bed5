import { formatDateTime } from '../../shared/format.ts';
import type { TicketAttachment } from '../../shared/schemas/ticket-attachments.ts';
import type { Ticket } from '../../shared/schemas/tickets.ts';
import { AttachmentList, type AttachmentUrl } from '../attachments/attachment-list.tsx';
import { Badge } from '../ui/badge.tsx';

/**
 * A ticket's conversation as the customer and the agent both see it (issue 17): messages
 * with their author, time and files; events ("Jordan Lee added Dana Kim") as one quiet line.
 * Every text from users is rendered as text, never as HTML.
 */
export function TicketConversation({
  replies,
  filesOf,
  urlOf,
}: {
  replies: Ticket['replies'];
  filesOf: (replyId: string | null) => TicketAttachment[];
  urlOf: AttachmentUrl;
}) {
  if (replies.length === 0) return <p className="mt-1 text-sm text-slate-600">No replies yet.</p>;
  return (
    <ol className="mt-2 grid gap-3" aria-label="Conversation">
      {replies.map((r) =>
        r.kind !== 'message' ? (
          <li key={r.id} className="text-center text-xs text-slate-600">
            {r.message} · {formatDateTime(r.createdAt)}
          </li>
        ) : (
          <li
            key={r.id}
            className={
              r.isAgent
                ? 'rounded-md border border-brand-100 bg-brand-50 p-3'
                : 'rounded-md border border-slate-200 bg-slate-50 p-3'
            }
          >
            <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <span className="font-medium text-slate-900">{r.author}</span>
              {r.isAgent && <Badge tone="blue">Agent</Badge>}
              <span>{formatDateTime(r.createdAt)}</span>
            </div>
            <p className="mt-1 text-sm whitespace-pre-wrap text-slate-800">{r.message}</p>
            <AttachmentList attachments={filesOf(r.id)} urlOf={urlOf} />
          </li>
        ),
      )}
    </ol>
  );
}
