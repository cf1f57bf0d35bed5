import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { TicketDetailDialog } from './ticket-detail-dialog.tsx';

const markup = '<img src=x onerror=alert(1)>';
const ticket = (over: Partial<Ticket> = {}): Ticket => ({
  id: 'TK-1042',
  subject: 'Scanner drops Wi-Fi',
  description: markup,
  private: false,
  priority: 'high',
  status: 'open',
  category: 'Hardware',
  department: 'IT Support',
  createdAt: '2026-03-05T14:30:00.000Z',
  updatedAt: '2026-03-05T14:30:00.000Z',
  assignedTo: null,
  replies: [
    {
      id: 'r1',
      message: 'We are on it.',
      author: 'Morgan Hayes',
      isAgent: true,
      createdAt: '2026-03-05T15:00:00.000Z',
    },
    {
      id: 'r2',
      message: markup,
      author: 'Jordan Lee',
      isAgent: false,
      createdAt: '2026-03-05T16:00:00.000Z',
    },
  ],
  events: [],
  mergedIntoTicketId: null,
  ...over,
});

function show(t: Ticket, isSample = false) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TicketDetailDialog companyId="c1" ticket={t} isSample={isSample} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog', { name: t.subject });
}

afterEach(cleanup);

describe('TicketDetailDialog', () => {
  it('shows the details, "Unassigned", and user text as text, never as HTML', () => {
    const dialog = show(ticket());
    expect(within(dialog).getByText('TK-1042')).toBeTruthy();
    expect(within(dialog).getByText('Unassigned')).toBeTruthy();
    expect(within(dialog).getAllByText(markup)).toHaveLength(2);
    expect(dialog.querySelector('img')).toBeNull();
  });

  it('marks agent replies only with the Agent badge', () => {
    const items = within(show(ticket({ assignedTo: 'Morgan Hayes' }))).getAllByRole('listitem');
    expect(within(items[0]!).queryByText('Agent')).not.toBeNull();
    expect(within(items[1]!).queryByText('Agent')).toBeNull();
  });

  it("merges the ticket's events into the conversation by time, as quiet lines (ADR 053)", () => {
    const dialog = show(
      ticket({
        events: [
          {
            id: 'e2',
            kind: 'watcher-removed',
            message: 'Dana Kim removed Dana Kim',
            author: 'Dana Kim',
            createdAt: '2026-03-05T17:00:00.000Z',
          },
          {
            id: 'e1',
            kind: 'watcher-added',
            message: 'Jordan Lee added Dana Kim',
            author: 'Jordan Lee',
            createdAt: '2026-03-05T15:30:00.000Z',
          },
        ],
      }),
    );
    const items = within(within(dialog).getByRole('list', { name: 'Conversation' })).getAllByRole(
      'listitem',
    );
    expect(items.map((li) => li.textContent?.split(' · ')[0])).toEqual([
      expect.stringContaining('We are on it.'),
      'Jordan Lee added Dana Kim',
      expect.stringContaining(markup),
      'Dana Kim removed Dana Kim',
    ]);
  });

  it('disables Send Reply while the text is blank after trimming', () => {
    const dialog = show(ticket());
    const send = within(dialog).getByRole('button', { name: 'Send Reply' });
    const box = within(dialog).getByLabelText('Add Reply');
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: '  \n ' } });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: 'Thanks' } });
    expect(send).toHaveProperty('disabled', false);
  });

  it('has no reply box on a closed ticket', () => {
    const dialog = show(ticket({ status: 'closed' }));
    expect(within(dialog).queryByLabelText('Add Reply')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Send Reply' })).toBeNull();
  });

  it('turns the reply box off on a sample ticket, whatever is typed', () => {
    const dialog = show(ticket(), true);
    const box = within(dialog).getByLabelText('Add Reply');
    expect(box).toHaveProperty('disabled', true);
    fireEvent.change(box, { target: { value: 'Thanks' } });
    expect(within(dialog).getByRole('button', { name: 'Send Reply' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      within(dialog).getByText('This is a sample ticket, so replies are turned off.'),
    ).toBeTruthy();
  });
});
