import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/select.tsx';
import { sendJson, useStaffMutation } from '../api.ts';

/**
 * The customer's colleagues in copy of the ticket (ADR 036 addendum): staff see them, take
 * one out, or add one of the company's active users. A private or closed ticket offers no
 * one to add (the server says who may be: `candidates`).
 */
export function StaffTicketWatchers({ ticketId }: { ticketId: string }) {
  const selectId = useId();
  const [chosen, setChosen] = useState<string | undefined>();
  const { data } = useQuery(staffQueries.ticketWatchers(ticketId));
  const url = staffUrl(`tickets/${ticketId}/watchers`);
  const add = useStaffMutation<{ userId: string }>({
    request: ({ userId }) => sendJson('POST', url, { userId }),
    success: 'Colleague Added',
    failure: 'Failed to add the colleague. Please try again.',
    onSuccess: () => setChosen(undefined),
  });
  const remove = useStaffMutation<{ userId: string }>({
    request: ({ userId }) => sendJson('DELETE', `${url}/${userId}`),
    success: 'Colleague Removed',
    failure: 'Failed to remove the colleague. Please try again.',
  });
  const watchers = data?.watchers ?? [];
  const candidates = data?.candidates ?? [];
  return (
    <section aria-labelledby={`${selectId}-title`}>
      <h3 id={`${selectId}-title`} className="font-semibold text-slate-900">
        Colleagues in copy
      </h3>
      {watchers.length === 0 ? (
        <p className="mt-1 text-slate-700">None</p>
      ) : (
        <ul className="mt-1 grid gap-1" aria-label="Colleagues in copy">
          {watchers.map((w) => (
            <li key={w.userId} className="flex items-center gap-1 text-slate-700">
              <span className="min-w-0 break-words">
                {w.name} &lt;{w.email}&gt;
              </span>
              <button
                type="button"
                className="shrink-0 rounded-full p-1 text-slate-600 hover:bg-slate-100 focus:ring-2 focus:ring-brand-600/40 focus:outline-none"
                aria-label={`Remove ${w.name}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ userId: w.userId })}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {candidates.length > 0 && (
        <form
          className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen) add.mutate({ userId: chosen });
          }}
        >
          <div className="grid flex-1 gap-1">
            <label htmlFor={selectId} className="text-xs font-medium text-slate-600">
              Add a colleague
            </label>
            <Select
              id={selectId}
              value={chosen}
              onValueChange={setChosen}
              placeholder="Choose a colleague"
              options={candidates.map((c) => ({ value: c.userId, label: c.name }))}
            />
          </div>
          <Button type="submit" variant="secondary" disabled={!chosen || add.isPending}>
            Add
          </Button>
        </form>
      )}
    </section>
  );
}
