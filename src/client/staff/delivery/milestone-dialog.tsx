import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  milestoneInputSchema,
  milestoneStatuses,
  type StaffMilestone,
} from '../../../shared/schemas/staff-billing.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson, staffUrl, useStaffMutation } from '../api.ts';
import { FormSelect } from '../form-select.tsx';
import { optionsFor } from '../labels.ts';

type Values = z.input<typeof milestoneInputSchema>;
type Output = z.output<typeof milestoneInputSchema>;

export function MilestoneDialog({
  projectId,
  milestone,
  onClose,
}: {
  projectId: string;
  milestone?: StaffMilestone;
  onClose: () => void;
}) {
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(milestoneInputSchema),
    defaultValues: milestone
      ? { ...milestone, completedDate: milestone.completedDate ?? '' }
      : { title: '', description: '', status: 'pending', dueDate: '', completedDate: '' },
  });
  const save = useStaffMutation<Output>({
    request: (body) =>
      milestone
        ? sendJson('PUT', staffUrl(`milestones/${milestone.id}`), body)
        : sendJson('POST', staffUrl(`projects/${projectId}/milestones`), body),
    success: milestone ? 'Milestone Updated' : 'Milestone Added',
    failure: 'Failed to save milestone. Please try again.',
    onSuccess: onClose,
  });
  const errors = form.formState.errors;
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent title={milestone ? `Edit ${milestone.title}` : 'New Milestone'}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <FormField label="Title" required error={errors.title?.message}>
            <Input {...form.register('title')} />
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            <Input {...form.register('description')} />
          </FormField>
          <FormSelect
            control={form.control}
            name="status"
            label="Status"
            required
            options={optionsFor(milestoneStatuses)}
            error={errors.status?.message}
          />
          <FormField label="Due date" required error={errors.dueDate?.message}>
            <Input type="date" {...form.register('dueDate')} />
          </FormField>
          <FormField label="Completed date" error={errors.completedDate?.message}>
            <Input type="date" {...form.register('completedDate')} />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Milestone'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
