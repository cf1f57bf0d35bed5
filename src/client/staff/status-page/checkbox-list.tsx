import { useId, type ReactNode } from 'react';

/**
 * A group of checkboxes whose value is the list of checked ids, kept as a list whatever the
 * number of boxes (react-hook-form reads one registered box as a single value, not a list).
 */
export function CheckboxList({
  legend,
  options,
  value,
  onChange,
  error,
  className,
}: {
  legend: string;
  options: readonly { id: string; label: ReactNode; name: string }[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
  className?: string;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className={className ?? 'grid gap-2 sm:grid-cols-2'}>
        {options.map((option) => (
          <label key={option.id} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              aria-label={option.name}
              className="mt-0.5 h-4 w-4 shrink-0"
              checked={value.includes(option.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...value, option.id]
                    : value.filter((id) => id !== option.id),
                )
              }
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
