import type { TicketAttachment } from '../../shared/schemas/ticket-attachments.ts';

/** A lookup of a ticket's files by message: `null` for the ticket's description, else a reply id. */
export function byMessage(attachments: TicketAttachment[] | undefined) {
  const groups = new Map<string | null, TicketAttachment[]>();
  for (const a of attachments ?? []) {
    const group = groups.get(a.replyId);
    if (group) group.push(a);
    else groups.set(a.replyId, [a]);
  }
  return (replyId: string | null) => groups.get(replyId) ?? [];
}
