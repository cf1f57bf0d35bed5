import { Controller } from 'react-hook-form';
import { company } from '../../../shared/company.ts';
import { maintenanceInputSchema, type Maintenance } from '../../../shared/schemas/status-page.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { ComponentChecks } from './component-checks.tsx';

/** Schedules a window in a zone's local time; customers with the maintenance switch are mailed. */
export function MaintenanceDialog({ onClose }: { onClose: () => void }) {
  return (
    <FormDialog
      title="Schedule Maintenance"
      description="Customers whose sites the components serve are mailed once (maintenance switch)."
      columns={2}
      schema={maintenanceInputSchema}
      defaultValues={{
        title: '',
        message: '',
        startsAt: '',
        endsAt: '',
        timeZone: company.businessHours.timeZone,
        componentIds: [],
      }}
      request={(body) => sendJson<Maintenance>('POST', staffUrl('status/maintenance'), body)}
      success="Maintenance Scheduled"
      failure="Failed to schedule the maintenance. Please try again."
      submitLabel="Schedule"
      onClose={onClose}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <FormField label="Title" required error={errors.title?.message} className="sm:col-span-2">
            <Input {...register('title')} maxLength={150} />
          </FormField>
          <FormField label="Starts" required error={errors.startsAt?.message}>
            <Input type="datetime-local" {...register('startsAt')} />
          </FormField>
          <FormField label="Ends" required error={errors.endsAt?.message}>
            <Input type="datetime-local" {...register('endsAt')} />
          </FormField>
          <FormField
            label="Time zone"
            required
            error={errors.timeZone?.message}
            className="sm:col-span-2"
          >
            <Input {...register('timeZone')} placeholder="America/Chicago" />
          </FormField>
          <div className="sm:col-span-2">
            <Controller
              control={control}
              name="componentIds"
              render={({ field }) => (
                <ComponentChecks
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={errors.componentIds?.message}
                />
              )}
            />
          </div>
          <FormField
            label="Message"
            required
            error={errors.message?.message}
            className="sm:col-span-2"
          >
            <Textarea rows={3} {...register('message')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
