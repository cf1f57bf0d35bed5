import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { AddColleague, RemoveColleague } from '../../tickets/colleagues.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { useStaffCan } from '../use-staff-can.ts';

/**
 * The customer's colleagues in copy of the ticket (ADR 036 addendum): staff see them, take
 * one out, or add one of the company's active users. A private or closed ticket offers no
 * one to add (the server says who may be: `candidates`).
 */
export function StaffTicketWatchers({ ticketId }: { ticketId: string }) {
  const titleId = useId();
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
  const canWrite = useStaffCan('helpdesk');
  const watchers = data?.watchers ?? [];
  const candidates = data?.candidates ?? [];
  return (
    <section aria-labelledby={`${titleId}-title`}>
      <h3 id={`${titleId}-title`} className="font-semibold text-slate-900">
        Colleagues in Copy
      </h3>
      {watchers.length === 0 ? (
        <p className="mt-1 text-slate-700">None</p>
      ) : (
        <ul className="mt-1 grid gap-1" aria-label="Colleagues in Copy">
          {watchers.map((w) => (
            <li key={w.userId} className="flex items-center gap-1 text-slate-700">
              <span className="min-w-0 break-words">
                {w.name} &lt;{w.email}&gt;
              </span>
              {canWrite && (
                <RemoveColleague
                  name={w.name}
                  disabled={remove.isPending}
                  onRemove={() => remove.mutate({ userId: w.userId })}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {canWrite && candidates.length > 0 && (
        <AddColleague
          candidates={candidates}
          chosen={chosen}
          onChoose={setChosen}
          pending={add.isPending}
          onAdd={(colleague) => add.mutate({ userId: colleague.userId })}
        />
      )}
    </section>
  );
}
