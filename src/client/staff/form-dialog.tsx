import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions, DialogContent } from '../ui/dialog.tsx';
import { useStaffMutation } from './api.ts';

/**
 * A staff create/edit dialog: a form validated by a shared zod schema, Cancel and submit
 * buttons, and on submit one staff write (lists refetched, toast) that closes the dialog.
 * The dialog cannot be dismissed while the write is in flight.
 */
export function FormDialog<TValues extends FieldValues, TOutput, TResult = unknown>({
  title,
  description,
  className,
  columns = 1,
  schema,
  defaultValues,
  request,
  success,
  failure,
  onSaved,
  onRefused,
  submitLabel,
  pendingLabel = 'Saving...',
  onClose,
  children,
}: {
  title: string;
  description?: string;
  /** Classes for the dialog box, e.g. a wider maximum width. */
  className?: string;
  /** Two columns from the `sm` breakpoint; the buttons span both. */
  columns?: 1 | 2;
  schema: z.ZodType<TOutput, TValues>;
  defaultValues: DefaultValues<TValues>;
  request: (values: TOutput) => Promise<TResult>;
  success: string | ((result: TResult) => string);
  failure: string;
  /** Runs before the dialog closes after a successful write. */
  onSaved?: (result: TResult) => void;
  /** Takes a refused write (true: handled, no error toast). */
  onRefused?: (error: Error) => boolean;
  submitLabel: string;
  pendingLabel?: string;
  onClose: () => void;
  /** The fields, given the form to register them with. */
  children: (form: UseFormReturn<TValues, unknown, TOutput>) => ReactNode;
}) {
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues,
  });
  const save = useStaffMutation<TOutput, TResult>({
    request,
    success,
    failure,
    onRefused,
    onSuccess: (result) => {
      onSaved?.(result);
      onClose();
    },
  });
  const twoColumns = columns === 2;
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent
        title={title}
        description={description}
        className={className}
        closeDisabled={save.isPending}
      >
        <form
          noValidate
          className={twoColumns ? 'grid items-start gap-4 sm:grid-cols-2' : 'grid gap-4'}
          onSubmit={(event) => {
            // React carries a submit up its own tree, through portals: a dialog opened from
            // another's form (a quote's agreement terms) must not submit that form too.
            event.stopPropagation();
            void form.handleSubmit((values) => save.mutate(values))(event);
          }}
        >
          {children(form)}
          <DialogActions className={twoColumns ? 'sm:col-span-2' : undefined}>
            <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? pendingLabel : submitLabel}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
