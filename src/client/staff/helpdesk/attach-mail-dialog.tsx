import type { UseFormReturn } from 'react-hook-form';
import {
  attachUnmatchedFormSchema,
  type AttachUnmatched,
  type AttachUnmatchedForm,
  type UnmatchedMail,
} from '../../../shared/schemas/staff-unmatched-mail.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { CompanyField, ContactField } from '../company-contact-fields.tsx';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';

type Form = UseFormReturn<AttachUnmatchedForm, unknown, AttachUnmatched>;

/** "Jordan Lee" as the new contact's first and last name. */
function splitName(name: string) {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/** Opens a ticket from the mail in a company: as one of its users, or as the sender made a new contact. */
export function AttachMailDialog({ mail, onClose }: { mail: UnmatchedMail; onClose: () => void }) {
  return (
    <FormDialog
      title="Attach Mail to a Company"
      description={`"${mail.subject || '(no subject)'}" from ${mail.fromAddress || 'an unknown sender'} becomes a new ticket of the company you choose.`}
      schema={attachUnmatchedFormSchema}
      defaultValues={{
        customerId: '',
        // An unknown sender becomes a contact; a known one (over the hourly limit, a broken
        // mail) is usually one of the company's users already.
        as: mail.reason === 'unknown-sender' ? ('contact' as const) : ('user' as const),
        userId: '',
        ...splitName(mail.fromName),
      }}
      request={(body) =>
        sendJson<{ ticketId: string }>('POST', staffUrl(`unmatched-mail/${mail.id}/attach`), body)
      }
      success={(r) => `Ticket ${r.ticketId} Created`}
      failure="Failed to attach the mail. Please try again."
      submitLabel="Create Ticket"
      pendingLabel="Creating..."
      onClose={onClose}
    >
      {(form) => <AttachFields form={form} sender={mail.fromAddress} />}
    </FormDialog>
  );
}

function AttachFields({ form, sender }: { form: Form; sender: string }) {
  const { control, register, watch, formState } = form;
  const errors = formState.errors;
  const as = watch('as');
  return (
    <>
      <CompanyField form={form} contactName="userId" />
      <FormSelect
        control={control}
        name="as"
        label="Ticket author"
        options={[
          { value: 'contact', label: 'The sender, as a new contact' },
          { value: 'user', label: 'An existing user of the company' },
        ]}
      />
      {as === 'user' ? (
        <ContactField form={form} contactName="userId" label="Contact" />
      ) : (
        <>
          <p className="text-sm text-slate-700">
            A user with the address <span className="font-medium wrap-anywhere">{sender}</span> is
            added to the company; their next mails open tickets by themselves.
          </p>
          <FormField label="First name" required error={errors.firstName?.message}>
            <Input {...register('firstName')} />
          </FormField>
          <FormField label="Last name" required error={errors.lastName?.message}>
            <Input {...register('lastName')} />
          </FormField>
        </>
      )}
    </>
  );
}
