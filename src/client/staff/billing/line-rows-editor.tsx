// The lines of a quote (ADR 072) and of a recurring invoice's template (ADR 068): a row of
// fields per line, added and removed by keyboard too, with the server's limits on each box.
import { Plus, Trash2 } from 'lucide-react';
import {
  useFieldArray,
  type ArrayPath,
  type FieldArray,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { amountStep } from './amount-step.ts';
import { lineLabels, percentInput, quantityInput } from './line-inputs.ts';

export const emptyLine = { description: '', quantity: 1, unitPrice: 0, taxRate: 0 };

type LineValues = FieldValues & {
  lines: { description: string; quantity: number; unitPrice: number; taxRate?: number }[];
};

/** What a line's boxes are called; a quote numbers its descriptions ("Line 1 description"). */
export interface LineRowLabels {
  description: (n: number) => string;
  taxRate: string;
}
const templateLabels: LineRowLabels = {
  description: () => lineLabels.description,
  taxRate: lineLabels.taxRate,
};

export function LineRowsEditor<T extends LineValues>({
  form,
  currency,
  labels = templateLabels,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  currency: string;
  labels?: LineRowLabels;
}) {
  const { register, control, formState, getFieldState } = form;
  // Every form given here keeps its lines under `lines` (LineValues), which a generic form's
  // paths cannot see.
  const field = (i: number, name: string) => `lines.${i}.${name}` as Path<T>;
  const errorOf = (name: string) => getFieldState(name as Path<T>, formState).error?.message;
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' as ArrayPath<T> });
  return (
    <fieldset className="grid gap-3 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Lines</legend>
      {fields.map((row, i) => {
        const n = i + 1;
        return (
          <div
            key={row.id}
            role="group"
            aria-label={`Line ${n}`}
            className="grid grid-cols-2 items-end gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_5rem_9rem_6rem_auto]"
          >
            <FormField
              label={labels.description(n)}
              required
              error={errorOf(field(i, 'description'))}
              className="col-span-2 sm:col-span-1"
            >
              <Input {...register(field(i, 'description'))} />
            </FormField>
            <FormField label={lineLabels.quantity} required error={errorOf(field(i, 'quantity'))}>
              <Input
                {...quantityInput}
                {...register(field(i, 'quantity'), { valueAsNumber: true })}
              />
            </FormField>
            <FormField
              label={lineLabels.unitPrice(currency)}
              required
              error={errorOf(field(i, 'unitPrice'))}
            >
              <Input
                type="number"
                step={amountStep(currency)}
                min="0"
                {...register(field(i, 'unitPrice'), { valueAsNumber: true })}
              />
            </FormField>
            <FormField label={labels.taxRate} error={errorOf(field(i, 'taxRate'))}>
              <Input
                {...percentInput}
                {...register(field(i, 'taxRate'), { valueAsNumber: true })}
              />
            </FormField>
            <div className="flex items-end">
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={fields.length === 1}
                onClick={() => remove(i)}
                aria-label={`Remove line ${n}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </div>
          </div>
        );
      })}
      {errorOf('lines') && <p className="text-sm text-red-700">{errorOf('lines')}</p>}
      {errorOf('lines.root') && <p className="text-sm text-red-700">{errorOf('lines.root')}</p>}
      <div>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => append(emptyLine as FieldArray<T, ArrayPath<T>>)}
        >
          <Plus className="h-4 w-4" aria-hidden /> Add Line
        </Button>
      </div>
    </fieldset>
  );
}
