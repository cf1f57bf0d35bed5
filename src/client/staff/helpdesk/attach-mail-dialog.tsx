import { Controller, type UseFormReturn } from 'react-hook-form';
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
import { CompanyPicker } from '../company-picker.tsx';
import { ContactPicker } from '../contact-picker.tsx';
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
  const { control, register, watch, setValue, formState } = form;
  const errors = formState.errors;
  const customerId = watch('customerId');
  const as = watch('as');
  return (
    <>
      <Controller
        control={control}
        name="customerId"
        render={({ field }) => (
          <FormField label="Company" required error={errors.customerId?.message}>
            <CompanyPicker
              value={field.value}
              onChange={(companyId) => {
                field.onChange(companyId);
                // A contact of the company chosen before is not one of this one's.
                setValue('userId', '');
              }}
              className="sm:w-full"
            />
          </FormField>
        )}
      />
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
        <Controller
          control={control}
          name="userId"
          render={({ field }) => (
            <FormField label="Contact" required error={errors.userId?.message}>
              <ContactPicker
                key={customerId}
                companyId={customerId}
                disabled={!customerId}
                value={field.value}
                onChange={field.onChange}
                className="sm:w-full"
              />
            </FormField>
          )}
        />
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
