import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { mergeTicketSchema } from '../../../shared/schemas/ticket-merge.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Select } from '../../ui/select.tsx';

type Candidate = { id: string; subject: string };

/**
 * Picks the ticket that survives a merge (ADR 060) among `candidates`; `request` merges into
 * it. The same dialog for the ticket screen's "Merge Into…" and the queue's bulk merge.
 */
export function MergeDialog({
  title,
  description,
  candidates,
  request,
  onMerged,
  onClose,
}: {
  title: string;
  description: string;
  candidates: Candidate[];
  request: (intoTicketId: string) => Promise<unknown>;
  onMerged?: () => void;
  onClose: () => void;
}) {
  return (
    <FormDialog
      title={title}
      description={description}
      schema={mergeTicketSchema}
      defaultValues={{ intoTicketId: '' }}
      request={({ intoTicketId }) => request(intoTicketId)}
      success="Tickets Merged"
      failure="Failed to merge the tickets. Please try again."
      submitLabel="Merge"
      pendingLabel="Merging..."
      onSaved={onMerged}
      onClose={onClose}
    >
      {(form) => (
        <Controller
          control={form.control}
          name="intoTicketId"
          render={({ field }) => (
            <FormField
              label="Merge into"
              required
              error={form.formState.errors.intoTicketId?.message}
            >
              {/* Whole, over several lines: a subject cut on a phone hides which ticket it is. */}
              <Select
                wrap
                value={field.value || undefined}
                onValueChange={field.onChange}
                placeholder="Choose a ticket"
                options={candidates.map((c) => ({ value: c.id, label: `${c.id} · ${c.subject}` }))}
              />
            </FormField>
          )}
        />
      )}
    </FormDialog>
  );
}

/** The ticket screen's "Merge Into…": another ticket of the same company, not merged itself. */
export function MergeIntoDialog({
  ticket,
  onMerged,
  onClose,
}: {
  ticket: { id: string; customerId: string };
  onMerged: () => void;
  onClose: () => void;
}) {
  const company = useQuery(staffQueries.companyTickets(ticket.customerId));
  const candidates = (company.data ?? []).filter(
    (c) => c.id !== ticket.id && c.mergedIntoTicketId === null,
  );
  return (
    <MergeDialog
      title={`Merge ${ticket.id} Into…`}
      description="Its conversation, files, notes and people in copy move to the ticket you pick; this one is closed and points there."
      candidates={candidates}
      request={(intoTicketId) =>
        sendJson('POST', `/api/staff/tickets/${ticket.id}/merge`, { intoTicketId })
      }
      onMerged={onMerged}
      onClose={onClose}
    />
  );
}
