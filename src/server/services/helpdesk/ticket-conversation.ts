import type { TicketEvent, TicketReply, TicketReplyKind } from '../../../shared/schemas/tickets.ts';

type ConversationRow = Omit<TicketReply, 'createdAt'> & { kind: TicketReplyKind; createdAt: Date };

/**
 * A conversation's stored rows, in their order, as the ticket's answer carries them: the
 * messages are its `replies` (the spec's reply, no `kind`), the rest its `events` (ADR 053).
 */
export function splitConversation(rows: ConversationRow[]): {
  replies: TicketReply[];
  events: TicketEvent[];
} {
  const replies: TicketReply[] = [];
  const events: TicketEvent[] = [];
  for (const { id, kind, message, author, isAgent, createdAt } of rows) {
    const at = createdAt.toISOString();
    if (kind === 'message') replies.push({ id, message, author, isAgent, createdAt: at });
    else events.push({ id, kind, message, author, createdAt: at });
  }
  return { replies, events };
}
