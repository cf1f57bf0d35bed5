import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addBusinessMinutes, localDateOf } from '../../../shared/business-hours.ts';
import { company } from '../../../shared/company.ts';
import type { ClosedDay, TicketSla } from '../../../shared/schemas/sla.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { SlaCell } from './sla-badge.tsx';

afterEach(cleanup);

/** The cell with the help desk's closed days already read (as the queue has them). */
function renderCell(sla: TicketSla, closedDays: ClosedDay[] = []) {
  const client = createQueryClient();
  const { queryKey } = staffQueries.closedDays();
  client.setQueryDefaults(queryKey, { staleTime: Infinity });
  client.setQueryData(queryKey, closedDays);
  render(
    <QueryClientProvider client={client}>
      <SlaCell sla={sla} />
    </QueryClientProvider>,
  );
}

describe('the queue’s time left', () => {
  const hours = company.businessHours;

  it('counts no time on the help desk’s closed days, as the server’s clock does', async () => {
    const now = new Date();
    // The working day holding the 601st business minute from now: never today (a day holds 600).
    const closedDay = localDateOf(addBusinessMinutes(now, 601, hours), hours);
    const closed = { ...hours, closedDays: [closedDay] };
    const dueAt = addBusinessMinutes(now, 20 * 60, closed).toISOString();
    renderCell(
      { clock: 'resolution', dueAt, targetMinutes: 20 * 60, pausedAt: null, state: 'on-track' },
      [{ day: closedDay, name: 'Founders Day' }],
    );
    // Without the closed day the same due instant is a whole working day (10 h) further.
    expect(await screen.findByText('20 h left')).toBeTruthy();
  });

  it('shows a paused clock with the time it had left when the ticket began to wait', async () => {
    // Months ago: counted from now instead, the same due instant would be long over.
    const pausedAt = new Date('2026-03-02T15:00:00Z');
    const dueAt = addBusinessMinutes(pausedAt, 3 * 60, hours).toISOString();
    renderCell({
      clock: 'resolution',
      dueAt,
      targetMinutes: 8 * 60,
      pausedAt: pausedAt.toISOString(),
      state: 'paused',
    });
    expect(await screen.findByText('3 h left')).toBeTruthy();
    expect(screen.getByText('Paused')).toBeTruthy();
  });
});
