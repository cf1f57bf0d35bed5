import type { Control, FieldErrors, FieldPath, FieldValues } from 'react-hook-form';
import { ticketCategories, ticketDepartments } from '../../../shared/schemas/tickets.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { FormSelect } from '../form-select.tsx';

/** The fields a ticket is classed by, in every form that makes or plans one. */
type Classed = { priority: string; category: string; department: string };

const toOptions = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const priorityOptions = statusOptions('priority');
const categoryOptions = toOptions(ticketCategories);
const departmentOptions = toOptions(ticketDepartments);

/** Priority, category and department selects (the New Ticket and scheduled-ticket dialogs). */
export function TicketClassFields<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  errors,
}: {
  control: Control<T, unknown, TOut>;
  errors: FieldErrors<T>;
}) {
  // Both forms have these fields (their input types make some optional, so T cannot be
  // constrained to them); the names are checked here once.
  const name = (key: keyof Classed) => key as FieldPath<T>;
  return (
    <>
      <FormSelect
        control={control}
        name={name('priority')}
        label="Priority"
        required
        options={priorityOptions}
        error={errors[name('priority')]?.message as string | undefined}
      />
      <FormSelect
        control={control}
        name={name('category')}
        label="Category"
        required
        options={categoryOptions}
        placeholder="Choose a category"
        error={errors[name('category')]?.message as string | undefined}
      />
      <FormSelect
        control={control}
        name={name('department')}
        label="Department"
        required
        options={departmentOptions}
        placeholder="Choose a department"
        error={errors[name('department')]?.message as string | undefined}
      />
    </>
  );
}
