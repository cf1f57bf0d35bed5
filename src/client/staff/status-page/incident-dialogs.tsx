import { Controller } from 'react-hook-form';
import {
  incidentImpactLabels,
  incidentImpacts,
  incidentInputSchema,
  incidentStatusLabels,
  incidentStatuses,
  incidentUpdateInputSchema,
  type Incident,
  type IncidentRow,
} from '../../../shared/schemas/status-page.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { ComponentChecks } from './component-checks.tsx';

const selectClass = 'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-base';

/** Opens an incident: the affected companies' users are mailed, the webhooks told. */
export function OpenIncidentDialog({ onClose }: { onClose: () => void }) {
  return (
    <FormDialog
      title="Open Incident"
      description="Customers whose sites the components serve are told at once (urgent alerts)."
      schema={incidentInputSchema}
      defaultValues={{
        title: '',
        impact: 'minor',
        status: 'investigating',
        componentIds: [],
        message: '',
      }}
      request={(body) => sendJson<Incident>('POST', staffUrl('status/incidents'), body)}
      success="Incident Opened"
      failure="Failed to open the incident. Please try again."
      submitLabel="Open Incident"
      onClose={onClose}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <FormField label="Title" required error={errors.title?.message}>
            <Input {...register('title')} maxLength={150} />
          </FormField>
          <FormField label="Impact" error={errors.impact?.message}>
            <select className={selectClass} {...register('impact')}>
              {incidentImpacts.map((impact) => (
                <option key={impact} value={impact}>
                  {incidentImpactLabels[impact]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Status" error={errors.status?.message}>
            <select className={selectClass} {...register('status')}>
              {incidentStatuses
                .filter((s) => s !== 'resolved')
                .map((status) => (
                  <option key={status} value={status}>
                    {incidentStatusLabels[status]}
                  </option>
                ))}
            </select>
          </FormField>
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
          <FormField label="Message" required error={errors.message?.message}>
            <Textarea rows={4} {...register('message')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}

/** Posts an update (a new status and what is known); Resolved closes the incident. */
export function UpdateIncidentDialog({
  incident,
  onClose,
}: {
  incident: IncidentRow;
  onClose: () => void;
}) {
  return (
    <FormDialog
      title="Update Incident"
      description={incident.title}
      schema={incidentUpdateInputSchema}
      defaultValues={{ status: incident.status, message: '' }}
      request={(body) =>
        sendJson<Incident>('POST', staffUrl(`status/incidents/${incident.id}/updates`), body)
      }
      success={(saved: Incident) =>
        saved.status === 'resolved' ? 'Incident Resolved' : 'Incident Updated'
      }
      failure="Failed to update the incident. Please try again."
      submitLabel="Post Update"
      onClose={onClose}
    >
      {({ register, formState: { errors } }) => (
        <>
          <FormField label="Status" error={errors.status?.message}>
            <select className={selectClass} {...register('status')}>
              {incidentStatuses.map((status) => (
                <option key={status} value={status}>
                  {incidentStatusLabels[status]}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Message" required error={errors.message?.message}>
            <Textarea rows={4} {...register('message')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
