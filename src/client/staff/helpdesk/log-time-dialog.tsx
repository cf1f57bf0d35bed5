import { timerLogSchema } from '../../../shared/schemas/staff-timer.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import {
  AgreementBillableFields,
  WorkDateHoursFields,
  blankWorkHours,
} from '../time-entry-fields.tsx';

/** Minutes as the hours box holds them (two decimals: 25 min is 0.42 h). */
const hoursOfMinutes = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * A ticket's "Log Time" (issue 38): the company's one time write with the ticket named. Opened
 * by stopping the timer (ADR 074), it is prefilled with the timer's minutes and logs through
 * the timer, which ends with the entry; cancelled, the timer stays paused.
 */
export function LogTimeDialog({
  ticket,
  timerMinutes,
  onClose,
}: {
  ticket: { id: string; customerId: string };
  /** Set when the timer was stopped: its whole minutes. */
  timerMinutes?: number;
  onClose: () => void;
}) {
  const fromTimer = timerMinutes !== undefined;
  return (
    <FormDialog
      title={`Log Time on ${ticket.id}`}
      description={fromTimer ? `Timer: ${timerMinutes} min` : undefined}
      schema={timerLogSchema}
      defaultValues={{
        ...blankWorkHours(),
        ...(fromTimer ? { hours: hoursOfMinutes(timerMinutes) } : {}),
        description: '',
      }}
      request={(values) =>
        fromTimer
          ? sendJson('POST', staffUrl('timer/log'), values)
          : sendJson('POST', staffUrl(`customers/${ticket.customerId}/time-entries`), {
              ...values,
              ticketId: ticket.id,
            })
      }
      success="Time Logged"
      failure="Failed to log time. Please try again."
      submitLabel="Log Time"
      onClose={onClose}
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
  );
}
