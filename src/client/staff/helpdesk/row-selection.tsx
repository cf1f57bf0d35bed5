// The queue's row checkboxes (ADR 060): native, labelled, reachable by Tab and toggled by Space.
import { useEffect, useRef } from 'react';

const box = 'mt-0.5 h-4 w-4 shrink-0 accent-brand-600';

/** One row's checkbox, named by its ticket number. */
export function SelectRow({
  id,
  checked,
  onToggle,
}: {
  id: string;
  checked: boolean;
  onToggle: (on: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      className={box}
      aria-label={`Select ${id.toUpperCase()}`}
      checked={checked}
      onChange={(e) => onToggle(e.target.checked)}
    />
  );
}

/** Every row shown so far (each page loaded), checked when all are, mixed when some are. */
export function SelectAll({
  ids,
  selected,
  onToggle,
}: {
  ids: string[];
  selected: ReadonlySet<string>;
  onToggle: (ids: string[], on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const count = ids.filter((id) => selected.has(id)).length;
  const all = ids.length > 0 && count === ids.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <label className="flex items-center gap-3 border-b border-slate-200 px-4 py-2 text-sm text-slate-700">
      <input
        ref={ref}
        type="checkbox"
        className={box}
        checked={all}
        onChange={(e) => onToggle(ids, e.target.checked)}
      />
      Select All on This Page
    </label>
  );
}
