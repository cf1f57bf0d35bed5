import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TicketRatingState } from '../../../shared/schemas/satisfaction.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { TicketRatingPanel } from './ticket-rating.tsx';
import { ticketExtraQueries } from './watchers-api.ts';

/** The panel over a rating the server already answered (the cache never goes stale). */
function show(state: TicketRatingState) {
  const client = createQueryClient();
  client.setQueryData(ticketExtraQueries.rating('c1', 't1').queryKey, state);
  render(
    <QueryClientProvider client={client}>
      <TicketRatingPanel companyId="c1" ticketId="t1" />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'How did we do?' });
}

const rated = (comment: string | null): TicketRatingState => ({
  canRate: true,
  rating: { rating: 'good', comment, ratedAt: '2026-11-25T10:00:00.000Z' },
});

afterEach(cleanup);

// Review V16: under "This ticket is closed" an open text box read like a reply box.
describe('TicketRatingPanel of a rated ticket', () => {
  it('shows no text box until the author asks to add a comment', () => {
    const panel = show(rated(null));
    expect(within(panel).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Add a comment' }));
    expect(
      within(panel).getByRole('textbox', { name: 'Comment on your rating (optional)' }),
    ).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });

  it('shows a saved comment as text, editable on request', () => {
    const panel = show(rated('Quick and friendly.'));
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).getByText('Quick and friendly.')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Edit comment' }));
    expect(
      within(panel).getByRole<HTMLTextAreaElement>('textbox', {
        name: 'Comment on your rating (optional)',
      }).value,
    ).toBe('Quick and friendly.');
  });

  it('offers no comment before a rating is chosen', () => {
    const panel = show({ canRate: true, rating: null });
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Good', 'Okay', 'Poor']);
  });
});
