import { ticketReplies, tickets } from './schema.ts';

/** What describes a ticket, alike in the portal's list and the staff helpdesk. */
export const ticketDescriptionColumns = {
  id: tickets.id,
  subject: tickets.subject,
  description: tickets.description,
  priority: tickets.priority,
  status: tickets.status,
  category: tickets.category,
  department: tickets.department,
  private: tickets.private,
  mergedIntoTicketId: tickets.mergedIntoTicketId,
};

/** A row of a ticket's conversation, as a new reply returns it and the staff ticket lists it. */
export const ticketReplyColumns = {
  id: ticketReplies.id,
  message: ticketReplies.message,
  author: ticketReplies.author,
  isAgent: ticketReplies.isAgent,
  kind: ticketReplies.kind,
  createdAt: ticketReplies.createdAt,
};
