import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  scheduleFrequencies,
  scheduleFrequencyLabels,
  scheduledTicketInputSchema,
  weekdayNames,
  type ScheduledTicket,
  type ScheduledTicketInput,
  type ScheduledTicketValues,
} from '../../../shared/schemas/scheduled-tickets.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { TicketClassFields } from '../helpdesk/ticket-class-fields.tsx';
import { PICKER_PAGE, ServerPicker } from '../server-picker.tsx';
import { Controller } from 'react-hook-form';

/** A select cannot hold an empty value: "nobody" is this, and no id at all to the server. */
const NOBODY = 'nobody';
const formSchema = z.preprocess(
  (v) =>
    v && typeof v === 'object' && 'assigneeUserId' in v && v.assigneeUserId === NOBODY
      ? { ...v, assigneeUserId: undefined }
      : v,
  scheduledTicketInputSchema,
  // z.preprocess types its input as unknown; the form's input is the schema's own with the
  // NOBODY sentinel, which the resolver needs named for react-hook-form's field types.
) as unknown as z.ZodType<ScheduledTicketValues, ScheduledTicketInput>;

const dayOptions = [
  ...Array.from({ length: 28 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
  { value: 'last', label: 'Last day of the month' },
];
const quarterMonthOptions = [
  { value: '1', label: '1st (Jan, Apr, Jul, Oct)' },
  { value: '2', label: '2nd (Feb, May, Aug, Nov)' },
  { value: '3', label: '3rd (Mar, Jun, Sep, Dec)' },
];
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Create a company's scheduled ticket (no `schedule`) or change one. */
export function ScheduledTicketDialog({
  companyId,
  schedule,
  onClose,
}: {
  companyId: string;
  schedule?: ScheduledTicket;
  onClose: () => void;
}) {
  const staff = useQuery(staffQueries.ticketWorkers());
  const [requesterLabel, setRequesterLabel] = useState(schedule?.requesterName ?? '');
  const defaults: ScheduledTicketInput = {
    customerId: companyId,
    subject: schedule?.subject ?? '',
    description: schedule?.description ?? '',
    priority: schedule?.priority ?? 'normal',
    category: (schedule?.category ?? 'Other') as ScheduledTicketInput['category'],
    department: (schedule?.department ?? 'IT Support') as ScheduledTicketInput['department'],
    requesterUserId: schedule?.requesterUserId ?? '',
    assigneeUserId: schedule?.assigneeUserId ?? NOBODY,
    frequency: schedule?.frequency ?? 'monthly',
    weekday: String(schedule?.weekday ?? 1),
    monthDay: String(schedule?.monthDay ?? 1),
    quarterMonth: String(schedule?.quarterMonth ?? 1),
    timeOfDay: schedule?.timeOfDay ?? '08:00',
    timeZone: schedule?.timeZone ?? browserZone(),
    startsOn: '',
  };
  return (
    <FormDialog
      title={schedule ? 'Edit Scheduled Ticket' : 'New Scheduled Ticket'}
      description="A ticket opened for this company on a schedule, as if its requester had written it."
      className="sm:max-w-2xl"
      columns={2}
      schema={formSchema}
      defaultValues={defaults}
      request={(body) =>
        schedule
          ? sendJson<ScheduledTicket>('PUT', staffUrl(`scheduled-tickets/${schedule.id}`), body)
          : sendJson<ScheduledTicket>('POST', staffUrl('scheduled-tickets'), body)
      }
      success={schedule ? 'Scheduled Ticket Updated' : 'Scheduled Ticket Created'}
      failure="Failed to save the scheduled ticket. Please try again."
      submitLabel="Save"
      onClose={onClose}
    >
      {({ register, control, watch, formState: { errors } }) => {
        const frequency = watch('frequency');
        return (
          <>
            <FormField
              label="Subject"
              required
              error={errors.subject?.message}
              className="sm:col-span-2"
            >
              <Input {...register('subject')} />
            </FormField>
            <FormField
              label="Description"
              required
              error={errors.description?.message}
              className="sm:col-span-2"
            >
              <Textarea rows={3} {...register('description')} />
            </FormField>
            <TicketClassFields control={control} errors={errors} />
            <FormSelect
              control={control}
              name="assigneeUserId"
              label="Assignee"
              options={[
                { value: NOBODY, label: 'Unassigned' },
                ...(staff.data ?? []).map((m) => ({ value: m.id, label: m.name })),
              ]}
              error={errors.assigneeUserId?.message}
            />
            <Controller
              control={control}
              name="requesterUserId"
              render={({ field }) => (
                <FormField
                  label="Requester"
                  error={errors.requesterUserId?.message}
                  className="sm:col-span-2"
                >
                  <ServerPicker
                    value={typeof field.value === 'string' ? field.value : ''}
                    chosenLabel={requesterLabel}
                    first={{ value: '', label: 'The company’s first admin' }}
                    onChange={(option) => {
                      setRequesterLabel(option.value ? option.label : '');
                      field.onChange(option.value);
                    }}
                    read={(q) =>
                      staffQueries.companyUsers(companyId, {
                        q,
                        status: 'active',
                        limit: PICKER_PAGE,
                      })
                    }
                    labelOf={(u) => `${u.firstName} ${u.lastName} (${u.email})`}
                    nouns="users"
                    className="sm:w-full"
                  />
                </FormField>
              )}
            />
            <FormSelect
              control={control}
              name="frequency"
              label="Repeats"
              required
              options={scheduleFrequencies.map((f) => ({
                value: f,
                label: scheduleFrequencyLabels[f],
              }))}
              error={errors.frequency?.message}
            />
            {frequency === 'weekly' && (
              <FormSelect
                control={control}
                name="weekday"
                label="Weekday"
                required
                options={weekdayNames.map((name, i) => ({ value: String(i + 1), label: name }))}
                error={errors.weekday?.message}
              />
            )}
            {frequency === 'quarterly' && (
              <FormSelect
                control={control}
                name="quarterMonth"
                label="Month of the quarter"
                required
                options={quarterMonthOptions}
                error={errors.quarterMonth?.message}
              />
            )}
            {frequency !== 'weekly' && (
              <FormSelect
                control={control}
                name="monthDay"
                label="Day of the month"
                required
                options={dayOptions}
                error={errors.monthDay?.message}
              />
            )}
            <FormField label="Time" required error={errors.timeOfDay?.message}>
              <Input type="time" {...register('timeOfDay')} />
            </FormField>
            <FormField label="Time zone" required error={errors.timeZone?.message}>
              <Input placeholder="e.g. Europe/Berlin" {...register('timeZone')} />
            </FormField>
            <FormField label="First run on or after" error={errors.startsOn?.message}>
              <Input type="date" {...register('startsOn')} />
            </FormField>
          </>
        );
      }}
    </FormDialog>
  );
}
