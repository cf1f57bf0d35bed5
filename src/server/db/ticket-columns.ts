import { tickets } from './schema.ts';

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
};
