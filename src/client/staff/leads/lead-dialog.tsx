import { useState } from 'react';
import { formatDateTime } from '../../../shared/format.ts';
import { leadStatuses, type Lead, type LeadStatus } from '../../../shared/schemas/staff-leads.ts';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Select } from '../../ui/select.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { useStaffCan } from '../use-staff-can.ts';
import { LeadQuote } from './lead-quote.tsx';

/** A lead in full, with its handling status. */
export function LeadDialog({ lead, onClose }: { lead: Lead; onClose: () => void }) {
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const save = useStaffMutation<LeadStatus>({
    request: (next) =>
      sendJson('PATCH', staffUrl(`leads/${lead.kind}/${lead.id}`), { status: next }),
    success: 'Lead Updated',
    failure: 'Failed to update lead. Please try again.',
  });
  // The auditor reads a lead's status; admins change it (ADR 058).
  const canManage = useStaffCan('leads');
  const canQuote = useStaffCan('invoices');
  const rows: Array<[string, string | null]> = [
    ['Received', formatDateTime(lead.createdAt)],
    ['Email', lead.email],
    ['Company', lead.company],
    ['Phone', lead.phone],
    ['Service', lead.service],
  ];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={
          lead.kind === 'quote' ? `Quote request from ${lead.name}` : `Message from ${lead.name}`
        }
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows
            .filter(([, v]) => v)
            .map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-600">{k}</dt>
                <dd className="text-slate-900">{v}</dd>
              </div>
            ))}
        </dl>
        <p className="mt-4 rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap">
          {lead.message}
        </p>
        <FormField label="Status" className="mt-4">
          <Select
            value={status}
            onValueChange={(v) => {
              const next = leadStatuses.find((s) => s === v);
              if (!next) return;
              setStatus(next);
              save.mutate(next);
            }}
            options={statusOptions('lead')}
            disabled={!canManage || save.isPending}
          />
        </FormField>
        {lead.kind === 'quote' && canManage && canQuote && <LeadQuote leadId={lead.id} />}
      </DialogContent>
    </Dialog>
  );
}
