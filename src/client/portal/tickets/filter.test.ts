import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { filterTickets } from './filter.ts';

const ticket = (id: string, over: Partial<Ticket>): Ticket => ({
  id,
  subject: '',
  description: '',
  priority: 'normal',
  status: 'open',
  category: 'Hardware',
  department: 'IT Support',
  private: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  assignedTo: null,
  replies: [],
  events: [],
  mergedIntoTicketId: null,
  ...over,
});

const tickets = [
  ticket('TK-1', {
    subject: 'VPN down',
    description: 'Remote staff cannot connect',
    priority: 'high',
  }),
  ticket('TK-2', { subject: 'New laptop', description: 'For the VPN team lead', status: 'closed' }),
  ticket('TK-3', { subject: 'Printer', description: 'Jams', priority: 'low', status: 'pending' }),
];
const ids = (list: Ticket[]) => list.map((t) => t.id);
const all = { search: '', status: 'all', priority: 'all' } as const;

describe('filterTickets', () => {
  it('keeps everything with no search and All filters', () => {
    expect(ids(filterTickets(tickets, all))).toEqual(['TK-1', 'TK-2', 'TK-3']);
  });
  it('matches subject or description, ignoring case and surrounding spaces', () => {
    expect(ids(filterTickets(tickets, { ...all, search: '  vpn ' }))).toEqual(['TK-1', 'TK-2']);
    expect(ids(filterTickets(tickets, { ...all, search: 'JAMS' }))).toEqual(['TK-3']);
    expect(ids(filterTickets(tickets, { ...all, search: 'nothing like it' }))).toEqual([]);
  });
  it('combines the status and priority filters with the search', () => {
    expect(ids(filterTickets(tickets, { ...all, status: 'closed' }))).toEqual(['TK-2']);
    expect(ids(filterTickets(tickets, { ...all, priority: 'high' }))).toEqual(['TK-1']);
    expect(ids(filterTickets(tickets, { search: 'vpn', status: 'open', priority: 'all' }))).toEqual(
      ['TK-1'],
    );
    expect(ids(filterTickets(tickets, { search: 'vpn', status: 'all', priority: 'low' }))).toEqual(
      [],
    );
  });
});
