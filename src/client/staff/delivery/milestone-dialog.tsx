import { milestoneInputSchema, type StaffMilestone } from '../../../shared/schemas/milestones.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { statusOptions } from '../../../shared/status-labels.ts';

export function MilestoneDialog({
  projectId,
  milestone,
  onClose,
}: {
  projectId: string;
  milestone?: StaffMilestone;
  onClose: () => void;
}) {
  return (
    <FormDialog
      title={milestone ? `Edit ${milestone.title}` : 'New Milestone'}
      schema={milestoneInputSchema}
      defaultValues={
        milestone
          ? { ...milestone, completedDate: milestone.completedDate ?? '' }
          : { title: '', description: '', status: 'pending', dueDate: '', completedDate: '' }
      }
      request={(body) =>
        milestone
          ? sendJson('PUT', staffUrl(`milestones/${milestone.id}`), body)
          : sendJson('POST', staffUrl(`projects/${projectId}/milestones`), body)
      }
      success={milestone ? 'Milestone Updated' : 'Milestone Added'}
      failure="Failed to save milestone. Please try again."
      submitLabel="Save Milestone"
      onClose={onClose}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <FormField label="Title" required error={errors.title?.message}>
            <Input {...register('title')} />
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            <Input {...register('description')} />
          </FormField>
          <FormSelect
            control={control}
            name="status"
            label="Status"
            required
            options={statusOptions('milestone')}
            error={errors.status?.message}
          />
          <FormField label="Due date" required error={errors.dueDate?.message}>
            <Input type="date" {...register('dueDate')} />
          </FormField>
          <FormField label="Completed date" error={errors.completedDate?.message}>
            <Input type="date" {...register('completedDate')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
