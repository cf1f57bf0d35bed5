import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { toast } from '../../lib/toast.ts';
import { AddColleague, RemoveColleague } from '../../tickets/colleagues.tsx';
import { ticketExtraQueries, useWatcherChange } from './watchers-api.ts';

/**
 * Colleagues in copy (issue 17): who else of the company follows this ticket, and a select of
 * those who could be added. A private ticket has none (ADR 036); a closed one keeps its list.
 */
export function TicketWatchers({ companyId, ticket }: { companyId: string; ticket: Ticket }) {
  const titleId = useId();
  const [chosen, setChosen] = useState<string | undefined>();
  const { data } = useQuery(ticketExtraQueries.watchers(companyId, ticket.id));
  const change = useWatcherChange(companyId, ticket.id);

  if (ticket.private) {
    return (
      <section className="mt-6" aria-labelledby={`${titleId}-title`}>
        <h3 id={`${titleId}-title`} className="text-sm font-semibold text-slate-900">
          Colleagues in Copy
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
    <section className="mt-6" aria-labelledby={`${titleId}-title`}>
      <h3 id={`${titleId}-title`} className="text-sm font-semibold text-slate-900">
        Colleagues in Copy
      </h3>
      {watchers.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Nobody else receives this ticket's e-mails.</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Colleagues in Copy">
          {watchers.map((w) => (
            <li
              key={w.userId}
              className="flex items-center gap-1 rounded-full border border-slate-300 bg-white py-0.5 pr-1 pl-3 text-sm text-slate-800"
            >
              <span className="max-w-48 truncate" title={w.email}>
                {w.name}
              </span>
              <RemoveColleague
                name={w.name}
                disabled={change.isPending}
                onRemove={() =>
                  change.mutate(
                    { userId: w.userId, remove: true },
                    { onSuccess: () => toast({ title: `${w.name} removed` }) },
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      {ticket.status !== 'closed' && candidates.length > 0 && (
        <AddColleague
          candidates={candidates}
          chosen={chosen}
          onChoose={setChosen}
          pending={change.isPending}
          onAdd={(colleague) =>
            change.mutate(
              { userId: colleague.userId },
              {
                onSuccess: () => {
                  setChosen(undefined);
                  toast({ title: `${colleague.name} added` });
                },
              },
            )
          }
        />
      )}
    </section>
  );
}
