import { useRef, useState } from 'react';
import {
  inviteSchema,
  otherCompanyOwnerSchema,
  type CompanyDetail,
  type InviteInput,
  type OtherCompanyOwner,
} from '../../../shared/schemas/staff-customers.ts';
import { ApiError } from '../../lib/api.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogActions, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormDialog } from '../form-dialog.tsx';

type Result = { created: boolean };
type Question = { input: InviteInput; owner: OtherCompanyOwner['owner'] };

/**
 * Invite by e-mail: a new address becomes a user; an existing user gets this company added.
 * An address of another company's user is added only after staff confirm whose it is.
 */
export function InviteDialog({
  company,
  onClose,
}: {
  company: CompanyDetail;
  onClose: () => void;
}) {
  const [question, setQuestion] = useState<Question | null>(null);
  // The values of the write in flight, for the question a refusal may ask.
  const sent = useRef<InviteInput | null>(null);
  const url = staffUrl(`customers/${company.id}/users`);
  if (question) {
    return (
      <ConfirmOtherCompany company={company} question={question} url={url} onClose={onClose} />
    );
  }
  return (
    <FormDialog
      title={`Invite a User to ${company.name}`}
      description="They receive a welcome e-mail with a sign-in link. Names are needed only for a new address."
      schema={inviteSchema}
      defaultValues={{ email: '', firstName: '', lastName: '' }}
      request={(body) => {
        sent.current = body;
        return sendJson<Result>('POST', url, body);
      }}
      success={(r) => (r.created ? 'Invitation Sent' : 'User Added to Company')}
      failure="Failed to invite user. Please try again."
      onRefused={(error) => {
        const asked =
          error instanceof ApiError && error.status === 409
            ? otherCompanyOwnerSchema.safeParse(error.data)
            : null;
        if (!asked?.success || !sent.current) return false;
        setQuestion({ input: sent.current, owner: asked.data.owner });
        return true;
      }}
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

/** Whose the address is, what adding them means, and the one button that does it. */
function ConfirmOtherCompany({
  company,
  question,
  url,
  onClose,
}: {
  company: CompanyDetail;
  question: Question;
  url: string;
  onClose: () => void;
}) {
  const add = useStaffMutation<InviteInput, Result>({
    request: (input) => sendJson('POST', url, { ...input, confirmOtherCompany: true }),
    success: 'User Added to Company',
    failure: 'Failed to invite user. Please try again.',
    onSuccess: onClose,
  });
  const { owner, input } = question;
  return (
    <Dialog open onOpenChange={(open) => !open && !add.isPending && onClose()}>
      <DialogContent
        title="This address already has an account"
        description={`${input.email} belongs to ${owner.name} of ${owner.companies.join(', ')}.`}
      >
        <p className="text-sm text-slate-700">
          Add {owner.name} to {company.name} as well? They will see {company.name}&rsquo;s invoices,
          projects, tickets and documents, and get an e-mail saying so. The audit log records it.
        </p>
        <DialogActions className="mt-6">
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button onClick={() => add.mutate(input)} disabled={add.isPending}>
            {add.isPending ? 'Adding...' : `Add to ${company.name}`}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  );
}
