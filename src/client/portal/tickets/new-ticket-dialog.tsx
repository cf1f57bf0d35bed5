import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  newTicketSchema,
  ticketCategories,
  ticketDepartments,
  type NewTicket,
  type NewTicketInput,
} from '../../../shared/schemas/tickets.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogActions, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { AttachmentPicker } from '../../attachments/attachment-picker.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { cn } from '../../ui/cn.ts';
import { newFormId, useDeflection, useSuggestions } from '../shared/knowledge-base-api.ts';
import { useCreateTicket } from './api.ts';
import { SuggestedArticles } from './suggested-articles.tsx';

const toOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const priorityOptions = statusOptions('priority');
// Category and department start unchosen: the placeholder shows until the user picks one.
const emptyTicket: Partial<NewTicketInput> = { subject: '', description: '', priority: 'normal' };
/** How long the subject's typing pauses before articles are suggested for it (issue 43). */
const SUGGEST_AFTER_MS = 400;

/**
 * Spec section 2 "A New Ticket dialog", validated with the shared schema. Its button is the
 * screen's (tickets-screen.tsx): this form's code loads when it is first opened.
 */
export function NewTicketDialog({
  companyId,
  open,
  onOpenChange: setOpen,
}: {
  companyId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateTicket(companyId);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number>();
  const form = useForm<NewTicketInput, unknown, NewTicket>({
    resolver: zodResolver(newTicketSchema),
    defaultValues: emptyTicket,
  });
  const { errors } = form.formState;
  // Issue 43: articles for the subject so far, beside the form; each opening is one form.
  const [formId, setFormId] = useState(newFormId);
  const subject = useDebounced(
    useWatch({ control: form.control, name: 'subject' }) ?? '',
    SUGGEST_AFTER_MS,
  );
  const suggestions = useSuggestions(companyId, formId, open ? subject : '');
  const hits = (open && subject && suggestions.data) || [];
  const deflect = useDeflection(companyId);

  const reset = () => {
    form.reset(emptyTicket);
    setFiles([]);
    setFormId(newFormId());
  };
  const submit = form.handleSubmit((values) =>
    create.mutate(
      { input: values, files, onProgress: setProgress },
      {
        onSuccess: () => {
          toast({ title: 'Ticket Created' });
          reset();
          setOpen(false);
        },
        onSettled: () => setProgress(undefined),
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        if (!next) reset();
        setOpen(next);
      }}
    >
      <DialogContent
        closeDisabled={create.isPending}
        title="Create New Ticket"
        description="Describe the problem and our support team will get back to you."
        className={hits.length > 0 ? 'md:max-w-4xl' : undefined}
      >
        <form
          className={cn(
            'grid gap-4',
            hits.length > 0 && 'md:grid-cols-[minmax(0,1fr)_18rem] md:[&>*:not(aside)]:col-start-1',
          )}
          noValidate
          onSubmit={submit}
        >
          <FormField label="Subject" required error={errors.subject?.message}>
            <Input {...form.register('subject')} placeholder="Brief summary of the issue" />
          </FormField>
          {hits.length > 0 && (
            <SuggestedArticles
              hits={hits}
              pending={deflect.isPending}
              onAnswered={(hit) =>
                deflect.mutate(
                  { formId, slug: hit.slug },
                  {
                    onSuccess: () => {
                      toast({ title: 'Glad That Helped', description: 'No ticket was opened.' });
                      reset();
                      setOpen(false);
                    },
                  },
                )
              }
            />
          )}
          <FormField label="Description" required error={errors.description?.message}>
            <Textarea
              {...form.register('description')}
              rows={4}
              placeholder="What happened, and what have you tried?"
            />
          </FormField>
          {/* Issue 17: beyond the spec's form; no files keeps the spec's call. */}
          <AttachmentPicker
            files={files}
            onChange={setFiles}
            disabled={create.isPending}
            progress={progress}
          />
          <Controller
            control={form.control}
            name="priority"
            render={({ field }) => (
              <FormField label="Priority" error={errors.priority?.message}>
                <Select
                  value={field.value}
                  onValueChange={field.onChange}
                  options={priorityOptions}
                />
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <FormField label="Category" required error={errors.category?.message}>
                <Select
                  value={field.value ?? ''}
                  onValueChange={field.onChange}
                  options={toOptions(ticketCategories)}
                  placeholder="Select category"
                />
              </FormField>
            )}
          />
          <Controller
            control={form.control}
            name="department"
            render={({ field }) => (
              <FormField label="Department" required error={errors.department?.message}>
                <Select
                  value={field.value ?? ''}
                  onValueChange={field.onChange}
                  options={toOptions(ticketDepartments)}
                  placeholder="Select department"
                />
              </FormField>
            )}
          />
          {/* Issue 18: beyond the spec's form; unticked keeps the spec's behaviour. */}
          <label className="flex items-start gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              {...form.register('private')}
              className="mt-0.5 h-4 w-4 rounded border-slate-300"
            />
            <span>
              Private
              <span className="block text-xs text-slate-600">
                Only you and your company&apos;s admins will see this ticket.
              </span>
            </span>
          </label>
          <DialogActions>
            <Button
              type="button"
              variant="secondary"
              disabled={create.isPending}
              onClick={() => {
                reset();
                setOpen(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Ticket'}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
