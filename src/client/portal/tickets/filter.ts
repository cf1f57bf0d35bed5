import type { Ticket } from '../../../shared/schemas/tickets.ts';

/** `status` and `priority` hold a ticket's value, or 'all'. */
export type TicketFilters = { search: string; status: string; priority: string };

/** Spec section 5: case-insensitive substring on subject and description, combined with the filters. */
export function filterTickets(tickets: readonly Ticket[], f: TicketFilters): Ticket[] {
  const needle = f.search.trim().toLowerCase();
  return tickets.filter(
    (t) =>
      (f.status === 'all' || t.status === f.status) &&
      (f.priority === 'all' || t.priority === f.priority) &&
      (!needle ||
        t.subject.toLowerCase().includes(needle) ||
        t.description.toLowerCase().includes(needle)),
  );
}
