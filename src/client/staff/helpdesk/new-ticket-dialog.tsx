import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  staffNewTicketSchema,
  type HelpdeskTicket,
  type StaffNewTicket,
  type StaffNewTicketInput,
} from '../../../shared/schemas/staff-helpdesk.ts';
import { ticketChannelLabels, ticketChannels } from '../../../shared/schemas/tickets.ts';
import { AttachmentPicker } from '../../attachments/attachment-picker.tsx';
import { sendWithFiles } from '../../attachments/send-with-files.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { CompanyField, ContactField } from '../company-contact-fields.tsx';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { TicketClassFields } from './ticket-class-fields.tsx';

// The API's messages for a bad id say "not found"; the form says what to do instead.
const formSchema = staffNewTicketSchema.extend({
  customerId: z.uuid('Choose a company'),
  requesterUserId: z.uuid('Choose the requester'),
});
type Form = UseFormReturn<StaffNewTicketInput, unknown, StaffNewTicket>;

const channelOptions = ticketChannels.map((v) => ({ value: v, label: ticketChannelLabels[v] }));

/**
 * Issue 38: an agent opens a ticket for a company's user who called or walked in. The
 * requester gets the new-ticket mail as if they had written it; the agent lands on the ticket.
 */
export function NewTicketDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (ticketId: string) => void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number>();
  const url = staffUrl('tickets');
  return (
    <FormDialog
      title="New Ticket"
      description="Open a ticket for a customer who called or came by. They get the usual new-ticket mail."
      className="max-w-2xl"
      columns={2}
      schema={formSchema}
      defaultValues={{
        customerId: '',
        requesterUserId: '',
        subject: '',
        description: '',
        priority: 'normal',
        channel: 'phone',
      }}
      request={(body) =>
        files.length > 0
          ? sendWithFiles<HelpdeskTicket>(url, body, files, setProgress).finally(() =>
              setProgress(undefined),
            )
          : sendJson<HelpdeskTicket>('POST', url, body)
      }
      success={(t) => `Ticket ${t.id} Created`}
      failure="Failed to create the ticket. Please try again."
      onSaved={(t) => onCreated(t.id)}
      submitLabel="Create Ticket"
      pendingLabel="Creating..."
      onClose={onClose}
    >
      {(form) => (
        <TicketFields
          form={form}
          files={files}
          onFiles={setFiles}
          progress={progress}
          pending={progress !== undefined}
        />
      )}
    </FormDialog>
  );
}

function TicketFields({
  form,
  files,
  onFiles,
  progress,
  pending,
}: {
  form: Form;
  files: File[];
  onFiles: (files: File[]) => void;
  progress?: number;
  pending: boolean;
}) {
  const { control, register, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <CompanyField form={form} contactName="requesterUserId" />
      <ContactField form={form} contactName="requesterUserId" label="Requester" />
      <FormSelect
        control={control}
        name="channel"
        label="Channel"
        options={channelOptions}
        error={errors.channel?.message}
      />
      <TicketClassFields control={control} errors={errors} />
      <FormField label="Subject" required error={errors.subject?.message} className="sm:col-span-2">
        <Input {...register('subject')} placeholder="Brief summary of the issue" />
      </FormField>
      <FormField
        label="Description"
        required
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        <Textarea {...register('description')} rows={4} placeholder="What the customer told you" />
      </FormField>
      <div className="sm:col-span-2">
        <AttachmentPicker files={files} onChange={onFiles} disabled={pending} progress={progress} />
      </div>
    </>
  );
}
