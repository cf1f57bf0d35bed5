import { cloneElement, useId, type ReactElement } from 'react';
import { cn } from './cn.ts';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

/**
 * A label, one control and its error message under it (spec section 5: "All form
 * errors are shown under the relevant field"). Wires id, aria-invalid and aria-describedby.
 */
export function FormField({
  label,
  error,
  required,
  children,
  className,
}: {
  label: string;
  error?: string;
  /** Adds the asterisk to the label. */
  required?: boolean;
  children: ReactElement<ControlProps>;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': required || undefined,
  });
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && <span aria-hidden="true">*</span>}
      </label>
      {control}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
