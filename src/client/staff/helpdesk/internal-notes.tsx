import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format.ts';
import { NOTE_MAX, type TicketNote } from '../../../shared/schemas/ticket-notes.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Textarea } from '../../ui/input.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { useStaffCan } from '../use-staff-can.ts';

/**
 * Agents' notes on a ticket (issue 17), set apart in amber so nobody mistakes one for a reply:
 * the customer never sees them, and adding one sends nothing.
 */
export function InternalNotes({ ticketId }: { ticketId: string }) {
  const notes = useQuery(staffQueries.ticketNotes(ticketId));
  const [body, setBody] = useState('');
  const add = useStaffMutation<string, TicketNote>({
    request: (text) => sendJson('POST', staffUrl(`tickets/${ticketId}/notes`), { body: text }),
    success: 'Note Added',
    failure: 'Failed to add the note. Please try again.',
    onSuccess: () => setBody(''),
  });
  const canWrite = useStaffCan('helpdesk');
  return (
    <section aria-labelledby="internal-notes" className="rounded-md bg-amber-50 p-3">
      <h3
        id="internal-notes"
        className="flex items-center gap-2 text-sm font-semibold text-slate-900"
      >
        Internal Notes <Badge tone="amber">Staff only</Badge>
      </h3>
      {notes.data && notes.data.length > 0 && (
        <ol className="mt-2 grid gap-2">
          {notes.data.map((n) => (
            <li key={n.id} className="rounded-md border border-amber-200 bg-white p-2">
              <div className="text-xs text-slate-600">
                <span className="font-medium text-slate-900">{n.author}</span>{' '}
                {formatDateTime(n.createdAt)}
              </div>
              <p className="mt-1 text-sm whitespace-pre-wrap">{n.body}</p>
            </li>
          ))}
        </ol>
      )}
      {/* The auditor has no form to add one: say so rather than leave the box empty. */}
      {!canWrite && notes.data?.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">No internal notes</p>
      )}
      {canWrite && (
        <form
          className="mt-2 grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (body.trim()) add.mutate(body);
          }}
        >
          <FormField label="Add an internal note">
            <Textarea
              rows={2}
              maxLength={NOTE_MAX}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </FormField>
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" disabled={!body.trim() || add.isPending}>
              {add.isPending ? 'Adding...' : 'Add Note'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
