import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/select.tsx';
import { ticketExtraQueries, useWatcherChange } from './watchers-api.ts';

/**
 * Colleagues in copy (issue 17): who else of the company follows this ticket, and a select of
 * those who could be added. A private ticket has none (ADR 036); a closed one keeps its list.
 */
export function TicketWatchers({ companyId, ticket }: { companyId: string; ticket: Ticket }) {
  const selectId = useId();
  const [chosen, setChosen] = useState<string | undefined>();
  const { data } = useQuery(ticketExtraQueries.watchers(companyId, ticket.id));
  const change = useWatcherChange(companyId, ticket.id);

  if (ticket.private) {
    return (
      <section className="mt-6" aria-labelledby={`${selectId}-title`}>
        <h3 id={`${selectId}-title`} className="text-sm font-semibold text-slate-900">
          Colleagues in copy
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          This ticket is private, so no colleagues can be added.
        </p>
      </section>
    );
  }
  const watchers = data?.watchers ?? [];
  const candidates = data?.candidates ?? [];
  return (
    <section className="mt-6" aria-labelledby={`${selectId}-title`}>
      <h3 id={`${selectId}-title`} className="text-sm font-semibold text-slate-900">
        Colleagues in copy
      </h3>
      {watchers.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Nobody else receives this ticket's e-mails.</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Colleagues in copy">
          {watchers.map((w) => (
            <li
              key={w.userId}
              className="flex items-center gap-1 rounded-full border border-slate-300 bg-white py-0.5 pr-1 pl-3 text-sm text-slate-800"
            >
              <span className="max-w-48 truncate" title={w.email}>
                {w.name}
              </span>
              <button
                type="button"
                className="rounded-full p-1 text-slate-600 hover:bg-slate-100 focus:ring-2 focus:ring-brand-600/40 focus:outline-none"
                aria-label={`Remove ${w.name}`}
                disabled={change.isPending}
                onClick={() =>
                  change.mutate(
                    { userId: w.userId, remove: true },
                    { onSuccess: () => toast({ title: `${w.name} removed` }) },
                  )
                }
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      {ticket.status !== 'closed' && candidates.length > 0 && (
        <form
          className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (!chosen) return;
            const name = candidates.find((c) => c.userId === chosen)?.name ?? '';
            change.mutate(
              { userId: chosen },
              {
                onSuccess: () => {
                  setChosen(undefined);
                  toast({ title: `${name} added` });
                },
              },
            );
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
          <Button type="submit" variant="secondary" disabled={!chosen || change.isPending}>
            Add
          </Button>
        </form>
      )}
    </section>
  );
}
