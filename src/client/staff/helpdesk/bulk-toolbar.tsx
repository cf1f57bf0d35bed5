import { useState } from 'react';
import type { StaffMember } from '../../../shared/schemas/staff-customers.ts';
import type { HelpdeskTicket } from '../../../shared/schemas/staff-helpdesk.ts';
import type { BulkTicketAction } from '../../../shared/schemas/ticket-merge.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { Button } from '../../ui/button.tsx';
import { Select } from '../../ui/select.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { MergeDialog } from './merge-dialog.tsx';

/** One of the actions, without the selection (added at send). */
type Change = BulkTicketAction extends infer A
  ? A extends BulkTicketAction
    ? Omit<A, 'ticketIds'>
    : never
  : never;

/**
 * What the queue's selected rows can be given at once (ADR 060): an assignee, a status, a
 * priority, or one survivor to merge them into. One request; the server does all or none.
 */
export function BulkToolbar({
  selected,
  staff,
  onDone,
}: {
  selected: HelpdeskTicket[];
  staff: StaffMember[];
  onDone: () => void;
}) {
  const [merging, setMerging] = useState(false);
  const ticketIds = selected.map((t) => t.id);
  const bulk = useStaffMutation<Change>({
    request: (change) => sendJson('POST', '/api/staff/tickets/bulk', { ...change, ticketIds }),
    success: `${ticketIds.length} ${ticketIds.length === 1 ? 'Ticket' : 'Tickets'} Updated`,
    failure: 'Failed to update the tickets. Please try again.',
    onSuccess: onDone,
  });
  const busy = bulk.isPending;
  return (
    <div
      role="toolbar"
      aria-label="Selected tickets"
      className="grid grid-cols-2 items-center gap-3 border-b border-slate-200 bg-brand-50 px-4 py-3 sm:flex sm:flex-wrap"
    >
      <span className="col-span-2 text-sm font-medium text-slate-900" aria-live="polite">
        {ticketIds.length} Selected
      </span>
      <Select
        aria-label="Assign Selected"
        placeholder="Assign"
        className="sm:w-40"
        value={undefined}
        disabled={busy}
        onValueChange={(v) =>
          bulk.mutate({ action: 'assign', assignedToUserId: v === 'none' ? null : v })
        }
        options={[
          { value: 'none', label: 'Unassigned' },
          ...staff.map((s) => ({ value: s.id, label: s.name })),
        ]}
      />
      <Select
        aria-label="Status of Selected"
        placeholder="Status"
        className="sm:w-36"
        value={undefined}
        disabled={busy}
        onValueChange={(v) => bulk.mutate({ action: 'status', status: v as 'open' })}
        options={statusOptions('ticketStatus')}
      />
      <Select
        aria-label="Priority of Selected"
        placeholder="Priority"
        className="sm:w-36"
        value={undefined}
        disabled={busy}
        onValueChange={(v) => bulk.mutate({ action: 'priority', priority: v as 'normal' })}
        options={statusOptions('priority')}
      />
      <Button
        variant="secondary"
        size="sm"
        disabled={busy || selected.length < 2}
        onClick={() => setMerging(true)}
      >
        Merge
      </Button>
      <Button variant="ghost" size="sm" disabled={busy} onClick={onDone}>
        Clear Selection
      </Button>
      {merging && (
        <MergeDialog
          title={`Merge ${ticketIds.length} Tickets`}
          description="Every other selected ticket moves into the one you pick: conversation, files, notes and people in copy. They must be of one company."
          candidates={selected}
          request={(intoTicketId) =>
            sendJson('POST', '/api/staff/tickets/bulk', {
              action: 'merge',
              ticketIds,
              intoTicketId,
            })
          }
          onMerged={onDone}
          onClose={() => setMerging(false)}
        />
      )}
    </div>
  );
}
