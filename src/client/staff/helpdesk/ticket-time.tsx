import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../shared/format.ts';
import { timeEntryInputSchema } from '../../../shared/schemas/time-entries.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import {
  AgreementBillableFields,
  WorkDateHoursFields,
  blankWorkHours,
} from '../time-entry-fields.tsx';
import { useStaffCan } from '../use-staff-can.ts';

/** The dialog's fields; the ticket (and so its company) is the screen's. */
const logSchema = timeEntryInputSchema.pick({
  workDate: true,
  hours: true,
  description: true,
  agreementId: true,
  billable: true,
});
const hoursText = (hours: number) => `${hours.toFixed(2)} ${hours === 1 ? 'hour' : 'hours'}`;

/**
 * The hours spent on a ticket (issue 38): their total, each entry, and "Log Time", which posts
 * through the company's one time write with the ticket named. A merged ticket's hours are on
 * its survivor, so it logs none.
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
          <Button variant="secondary" size="sm" onClick={() => setLogging(true)}>
            Log Time
          </Button>
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
      {logging && (
        <FormDialog
          title={`Log Time on ${ticket.id}`}
          schema={logSchema}
          defaultValues={{ ...blankWorkHours(), description: '' }}
          request={(values) =>
            sendJson('POST', staffUrl(`customers/${ticket.customerId}/time-entries`), {
              ...values,
              ticketId: ticket.id,
            })
          }
          success="Time Logged"
          failure="Failed to log time. Please try again."
          submitLabel="Log Time"
          onClose={() => setLogging(false)}
        >
          {(form) => (
            <>
              <WorkDateHoursFields
                dateLabel="Date"
                date={form.register('workDate')}
                hours={form.register('hours', { valueAsNumber: true })}
                errors={form.formState.errors}
              />
              <FormField label="Description" error={form.formState.errors.description?.message}>
                <Input {...form.register('description')} />
              </FormField>
              <AgreementBillableFields form={form} companyId={ticket.customerId} />
            </>
          )}
        </FormDialog>
      )}
    </section>
  );
}
