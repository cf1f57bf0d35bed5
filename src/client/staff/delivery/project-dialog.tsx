import { projectInputSchema, type StaffProject } from '../../../shared/schemas/projects.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { statusOptions } from '../../../shared/status-labels.ts';

export function ProjectDialog({
  companyId,
  project,
  onClose,
}: {
  companyId: string;
  project?: StaffProject;
  onClose: () => void;
}) {
  return (
    <FormDialog
      title={project ? `Edit ${project.name}` : 'New Project'}
      className="max-w-2xl"
      columns={2}
      schema={projectInputSchema}
      defaultValues={
        project
          ? {
              ...project,
              estimatedCompletion: project.estimatedCompletion ?? '',
              endDate: project.endDate ?? '',
            }
          : {
              name: '',
              description: '',
              status: 'scheduled',
              progress: 0,
              startDate: '',
              projectManager: '',
              notes: '',
            }
      }
      request={(body) =>
        project
          ? sendJson('PUT', staffUrl(`projects/${project.id}`), body)
          : sendJson('POST', staffUrl(`customers/${companyId}/projects`), body)
      }
      success={project ? 'Project Updated' : 'Project Created'}
      failure="Failed to save project. Please try again."
      submitLabel="Save Project"
      onClose={onClose}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <FormField
            label="Project name"
            required
            error={errors.name?.message}
            className="sm:col-span-2"
          >
            <Input {...register('name')} />
          </FormField>
          <FormField
            label="Description"
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            <Textarea rows={3} {...register('description')} />
          </FormField>
          <FormSelect
            control={control}
            name="status"
            label="Status"
            required
            options={statusOptions('project')}
            error={errors.status?.message}
          />
          <FormField label="Progress (%)" required error={errors.progress?.message}>
            <Input
              type="number"
              min="0"
              max="100"
              step="1"
              {...register('progress', { valueAsNumber: true })}
            />
          </FormField>
          <FormField label="Start date" required error={errors.startDate?.message}>
            <Input type="date" {...register('startDate')} />
          </FormField>
          <FormField label="Estimated completion" error={errors.estimatedCompletion?.message}>
            <Input type="date" {...register('estimatedCompletion')} />
          </FormField>
          <FormField label="End date" error={errors.endDate?.message}>
            <Input type="date" {...register('endDate')} />
          </FormField>
          <FormField label="Project manager" error={errors.projectManager?.message}>
            <Input {...register('projectManager')} />
          </FormField>
          <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
            <Textarea rows={3} {...register('notes')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
