import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { inviteSchema, type CompanyDetail } from '../../../shared/schemas/staff-customers.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson, staffUrl, useStaffMutation } from '../api.ts';

type Values = z.input<typeof inviteSchema>;
type Result = { created: boolean };

/** Invite by e-mail: a new address becomes a user; an existing user gets this company added. */
export function InviteDialog({
  company,
  onClose,
}: {
  company: CompanyDetail;
  onClose: () => void;
}) {
  const form = useForm<Values, unknown, z.output<typeof inviteSchema>>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', firstName: '', lastName: '' },
  });
  const invite = useStaffMutation<z.output<typeof inviteSchema>, Result>({
    request: (body) => sendJson('POST', staffUrl(`customers/${company.id}/users`), body),
    success: (r) => (r.created ? 'Invitation Sent' : 'User Added to Company'),
    failure: 'Failed to invite user. Please try again.',
    onSuccess: onClose,
  });
  const errors = form.formState.errors;
  return (
    <Dialog open onOpenChange={(open) => !open && !invite.isPending && onClose()}>
      <DialogContent
        title={`Invite a user to ${company.name}`}
        description="They receive a welcome e-mail with a sign-in link. Names are needed only for a new address."
      >
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => invite.mutate(values))}
        >
          <FormField label="Email" required error={errors.email?.message}>
            <Input type="email" {...form.register('email')} />
          </FormField>
          <FormField label="First name" error={errors.firstName?.message}>
            <Input {...form.register('firstName')} />
          </FormField>
          <FormField label="Last name" error={errors.lastName?.message}>
            <Input {...form.register('lastName')} />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose} disabled={invite.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Sending...' : 'Send Invitation'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
