import { inviteSchema, type CompanyDetail } from '../../../shared/schemas/staff-customers.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson, staffUrl } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';

type Result = { created: boolean };

/** Invite by e-mail: a new address becomes a user; an existing user gets this company added. */
export function InviteDialog({
  company,
  onClose,
}: {
  company: CompanyDetail;
  onClose: () => void;
}) {
  return (
    <FormDialog
      title={`Invite a user to ${company.name}`}
      description="They receive a welcome e-mail with a sign-in link. Names are needed only for a new address."
      schema={inviteSchema}
      defaultValues={{ email: '', firstName: '', lastName: '' }}
      request={(body) => sendJson<Result>('POST', staffUrl(`customers/${company.id}/users`), body)}
      success={(r) => (r.created ? 'Invitation Sent' : 'User Added to Company')}
      failure="Failed to invite user. Please try again."
      submitLabel="Send Invitation"
      pendingLabel="Sending..."
      onClose={onClose}
    >
      {({ register, formState: { errors } }) => (
        <>
          <FormField label="Email" required error={errors.email?.message}>
            <Input type="email" {...register('email')} />
          </FormField>
          <FormField label="First name" error={errors.firstName?.message}>
            <Input {...register('firstName')} />
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            <Input {...register('lastName')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
