import { formatDateTime } from '../../shared/format.ts';
import type { TicketAttachment } from '../../shared/schemas/ticket-attachments.ts';
import type { Ticket } from '../../shared/schemas/tickets.ts';
import { AttachmentList } from '../attachments/attachment-list.tsx';
import type { AttachmentUrl } from '../attachments/attachment-url.ts';
import { Badge } from '../ui/badge.tsx';
import { conversationLines } from './conversation-lines.ts';

/**
 * A ticket's conversation as the customer and the agent both see it (issue 17): messages
 * with their author, time and files; events ("Jordan Lee added Dana Kim", the ticket's own
 * `events` field) as one quiet line in time order among them.
 * Every text from users is rendered as text, never as HTML.
 */
export function TicketConversation({
  replies,
  events,
  filesOf,
  urlOf,
}: {
  replies: Ticket['replies'];
  events: Ticket['events'];
  filesOf: (replyId: string | null) => TicketAttachment[];
  urlOf: AttachmentUrl;
}) {
  const lines = conversationLines(replies, events);
  if (lines.length === 0) return <p className="mt-1 text-sm text-slate-600">No replies yet.</p>;
  return (
    <ol className="mt-2 grid gap-3" aria-label="Conversation">
      {lines.map((r) =>
        r.type === 'event' ? (
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
