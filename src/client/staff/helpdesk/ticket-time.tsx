import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../shared/format.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { TicketTimer } from '../ticket-timer.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { LogTimeDialog } from './log-time-dialog.tsx';

const hoursText = (hours: number) => `${hours.toFixed(2)} ${hours === 1 ? 'hour' : 'hours'}`;

/**
 * The hours spent on a ticket (issue 38): their total, each entry, "Log Time", which posts
 * through the company's one time write with the ticket named, and "Start Timer" (ADR 074). A
 * merged ticket's hours are on its survivor, so it logs none.
 */
export function TicketTime({
  ticket,
}: {
  ticket: { id: string; customerId: string; mergedIntoTicketId: string | null };
}) {
  const time = useQuery(staffQueries.ticketTime(ticket.id));
  const canLog = useStaffCan('timeEntries') && !ticket.mergedIntoTicketId;
  const [logging, setLogging] = useState(false);
  const entries = time.data?.entries ?? [];
  return (
    <section aria-labelledby="ticket-time" className="grid gap-2 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="ticket-time" className="font-semibold text-slate-900">
          Time
        </h3>
        {canLog && (
          <div className="flex flex-wrap gap-2">
            <TicketTimer ticketId={ticket.id} />
            <Button variant="secondary" size="sm" onClick={() => setLogging(true)}>
              Log Time
            </Button>
          </div>
        )}
      </div>
      {time.data && (
        <p className="text-slate-700">
          Total:{' '}
          <span className="font-medium text-slate-900">{hoursText(time.data.totalHours)}</span>
        </p>
      )}
      {entries.length > 0 && (
        <ol className="grid gap-1" aria-label="Time entries">
          {entries.map((e) => (
            <li key={e.id} className="rounded-md border border-slate-200 px-3 py-2">
              <div className="flex flex-wrap gap-x-3 gap-y-0.5 text-slate-600">
                <span>{formatDate(e.workDate)}</span>
                <span>{e.loggedBy ?? 'Former staff member'}</span>
                <span className="font-medium text-slate-900">{hoursText(e.hours)}</span>
                {!e.billable && <span>Non-billable</span>}
              </div>
              {e.description && <p className="mt-1 break-words text-slate-700">{e.description}</p>}
            </li>
          ))}
        </ol>
      )}
      {logging && <LogTimeDialog ticket={ticket} onClose={() => setLogging(false)} />}
    </section>
  );
}
