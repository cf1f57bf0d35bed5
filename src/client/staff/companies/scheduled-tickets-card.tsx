import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  scheduleFrequencyLabels,
  weekdayNames,
  type ScheduledTicket,
} from '../../../shared/schemas/scheduled-tickets.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardHeader } from '../../ui/card.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { QueryState } from '../query-state.tsx';
import {
  ScheduleDeleteDialog,
  ScheduleRowActions,
  useScheduleCommands,
} from '../schedule-row-actions.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { ScheduledTicketDialog } from './scheduled-ticket-dialog.tsx';

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** "Monthly on the 1st at 08:00 (Europe/Berlin)", "Quarterly, 2nd month, last day at …". */
function when(s: ScheduledTicket): string {
  const day = s.monthDay === 'last' ? 'the last day' : `the ${ordinal(s.monthDay ?? 1)}`;
  const at = `at ${s.timeOfDay} (${s.timeZone})`;
  if (s.frequency === 'weekly') return `Weekly on ${weekdayNames[(s.weekday ?? 1) - 1]} ${at}`;
  if (s.frequency === 'monthly') return `Monthly on ${day} ${at}`;
  return `${scheduleFrequencyLabels.quarterly}, month ${s.quarterMonth} of each quarter, on ${day} ${at}`;
}

/**
 * The company's scheduled tickets (ADR 062): what opens when, as whom; pause, resume, edit,
 * delete. On the company's page, where an agent looks for what is agreed with that customer.
 */
export function ScheduledTicketsCard({ companyId }: { companyId: string }) {
  const schedules = useQuery(staffQueries.scheduledTickets(companyId));
  const [editing, setEditing] = useState<ScheduledTicket | 'new' | null>(null);
  // Agents keep the schedules (ADR 058); the auditor reads them.
  const canWrite = useStaffCan('helpdesk');
  const commands = useScheduleCommands<ScheduledTicket>({
    path: 'scheduled-tickets',
    title: 'Scheduled Ticket',
    toggleBody: (s) => ({ paused: !s.paused }),
  });
  return (
    <Card>
      <CardHeader
        title="Scheduled Tickets"
        // At 390 px the button wrapped inside itself beside the title: it takes the next line.
        className="min-h-15 flex-wrap"
        action={canWrite && <Button onClick={() => setEditing('new')}>New Scheduled Ticket</Button>}
      />
      <QueryState query={schedules} empty="No scheduled tickets">
        {(rows) => (
          <DataTable
            caption="Scheduled Tickets"
            columns={[
              'Subject',
              'Schedule',
              'Next Run',
              'Requester',
              ...(canWrite ? ['Actions'] : []),
            ]}
            wide={['Subject', 'Schedule']}
          >
            {rows.map((s) => (
              <DataRow key={s.id}>
                <td className={cell}>
                  <div className="font-medium text-slate-900">{s.subject}</div>
                  <div className="text-xs text-slate-600">
                    {s.category} · {s.priority} priority
                    {s.lastTicketId ? ` · last ${s.lastTicketId}` : ''}
                  </div>
                </td>
                <td className={cell}>{when(s)}</td>
                <td className={cell}>
                  {s.nextRunAt ? (
                    <DateTime value={s.nextRunAt} />
                  ) : (
                    <Badge tone="gray">Paused</Badge>
                  )}
                </td>
                <td className={cell}>{s.requesterName ?? 'First company admin'}</td>
                {canWrite && (
                  <td className={cell}>
                    <div className="flex flex-wrap gap-2">
                      <ScheduleRowActions
                        row={s}
                        name={s.subject}
                        paused={s.paused}
                        commands={commands}
                        onEdit={() => setEditing(s)}
                      />
                    </div>
                  </td>
                )}
              </DataRow>
            ))}
          </DataTable>
        )}
      </QueryState>
      <ScheduleDeleteDialog
        commands={commands}
        title="Delete this scheduled ticket?"
        description={(s) => `"${s.subject}" will no longer open. Tickets it opened stay.`}
      />
      {editing && (
        <ScheduledTicketDialog
          companyId={companyId}
          schedule={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
