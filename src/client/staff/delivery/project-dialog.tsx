import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  projectInputSchema,
  projectStatuses,
  type StaffProject,
} from '../../../shared/schemas/staff-billing.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { sendJson, staffUrl, useStaffMutation } from '../api.ts';
import { FormSelect } from '../form-select.tsx';
import { optionsFor } from '../labels.ts';

type Values = z.input<typeof projectInputSchema>;
type Output = z.output<typeof projectInputSchema>;

export function ProjectDialog({
  customerId,
  project,
  onClose,
}: {
  customerId: string;
  project?: StaffProject;
  onClose: () => void;
}) {
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(projectInputSchema),
    defaultValues: project
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
        },
  });
  const save = useStaffMutation<Output>({
    request: (body) =>
      project
        ? sendJson('PUT', staffUrl(`projects/${project.id}`), body)
        : sendJson('POST', staffUrl(`customers/${customerId}/projects`), body),
    success: project ? 'Project Updated' : 'Project Created',
    failure: 'Failed to save project. Please try again.',
    onSuccess: onClose,
  });
  const errors = form.formState.errors;
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent title={project ? `Edit ${project.name}` : 'New Project'} className="max-w-2xl">
        <form
          noValidate
          className="grid items-start gap-4 sm:grid-cols-2"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <FormField
            label="Project name"
            required
            error={errors.name?.message}
            className="sm:col-span-2"
          >
            <Input {...form.register('name')} />
          </FormField>
          <FormField
            label="Description"
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            <Textarea rows={3} {...form.register('description')} />
          </FormField>
          <FormSelect
            control={form.control}
            name="status"
            label="Status"
            required
            options={optionsFor(projectStatuses)}
            error={errors.status?.message}
          />
          <FormField label="Progress (%)" required error={errors.progress?.message}>
            <Input
              type="number"
              min="0"
              max="100"
              step="1"
              {...form.register('progress', { valueAsNumber: true })}
            />
          </FormField>
          <FormField label="Start date" required error={errors.startDate?.message}>
            <Input type="date" {...form.register('startDate')} />
          </FormField>
          <FormField label="Estimated completion" error={errors.estimatedCompletion?.message}>
            <Input type="date" {...form.register('estimatedCompletion')} />
          </FormField>
          <FormField label="End date" error={errors.endDate?.message}>
            <Input type="date" {...form.register('endDate')} />
          </FormField>
          <FormField label="Project manager" error={errors.projectManager?.message}>
            <Input {...form.register('projectManager')} />
          </FormField>
          <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
            <Textarea rows={3} {...form.register('notes')} />
          </FormField>
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Project'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
