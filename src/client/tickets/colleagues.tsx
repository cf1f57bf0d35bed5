import { X } from 'lucide-react';
import { useId } from 'react';
import type { TicketWatcher } from '../../shared/schemas/ticket-watchers.ts';
import { Button } from '../ui/button.tsx';
import { Select } from '../ui/select.tsx';

/** The × that takes a colleague out of copy (the portal's and the staff ticket dialogs). */
export function RemoveColleague({
  name,
  disabled,
  onRemove,
}: {
  name: string;
  disabled: boolean;
  onRemove: () => void;
}) {
  return (
    <button
      type="button"
      className="shrink-0 rounded-full p-1 text-slate-600 hover:bg-slate-100 focus:ring-2 focus:ring-brand-600/40 focus:outline-none"
      aria-label={`Remove ${name}`}
      disabled={disabled}
      onClick={onRemove}
    >
      <X className="size-3.5" aria-hidden />
    </button>
  );
}

/**
 * "Add a colleague": a select of those who may be put in copy and its Add button. The
 * chosen one is kept by the caller, which clears it once the add succeeded.
 */
export function AddColleague({
  candidates,
  chosen,
  onChoose,
  pending,
  onAdd,
}: {
  candidates: TicketWatcher[];
  chosen: string | undefined;
  onChoose: (userId: string) => void;
  pending: boolean;
  onAdd: (colleague: TicketWatcher) => void;
}) {
  const selectId = useId();
  return (
    <form
      className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        const colleague = candidates.find((c) => c.userId === chosen);
        if (colleague) onAdd(colleague);
      }}
    >
      <div className="grid flex-1 gap-1">
        <label htmlFor={selectId} className="text-xs font-medium text-slate-600">
          Add a colleague
        </label>
        <Select
          id={selectId}
          value={chosen}
          onValueChange={onChoose}
          placeholder="Choose a colleague"
          options={candidates.map((c) => ({ value: c.userId, label: c.name }))}
        />
      </div>
      <Button type="submit" variant="secondary" disabled={!chosen || pending}>
        Add
      </Button>
    </form>
  );
}
