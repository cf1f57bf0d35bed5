import type { TicketEvent, TicketReply } from '../../shared/schemas/tickets.ts';

export type ConversationLine =
  ({ type: 'message' } & TicketReply) | ({ type: 'event' } & TicketEvent);

/**
 * The ticket's messages and events (ADR 053: separate fields) as one conversation, oldest
 * first. Both lists come oldest first with ISO times, which sort as text; a stable sort keeps
 * a message before an event of the same instant.
 */
export function conversationLines(
  replies: readonly TicketReply[],
  events: readonly TicketEvent[],
): ConversationLine[] {
  return [
    ...replies.map((r) => ({ type: 'message' as const, ...r })),
    ...events.map((e) => ({ type: 'event' as const, ...e })),
  ].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}
