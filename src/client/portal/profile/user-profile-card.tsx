import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { CurrentUser } from '../../../shared/schemas/auth.ts';
import { profileSchema, type ProfileInput } from '../../../shared/schemas/profile.ts';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { useUpdateProfile } from './api.ts';

/** User Profile card: details, and a form behind the Edit toggle. */
export function UserProfileCard({ user }: { user: CurrentUser }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card role="region" aria-label="User Profile">
      <CardHeader
        title="User Profile"
        action={
          <Button variant="secondary" size="sm" onClick={() => setEditing(!editing)}>
            {editing ? 'Cancel' : 'Edit'}
          </Button>
        }
      />
      <CardBody>
        {editing ? (
          <ProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          // The address takes the room the names leave: at 768 px a third broke it mid-word.
          <dl className="grid gap-4 text-sm sm:grid-cols-[auto_auto_minmax(0,1fr)] sm:gap-x-8">
            <Item label="First Name" value={user.firstName} />
            <Item label="Last Name" value={user.lastName} />
            <Item label="Email" value={user.email}>
              {user.pendingEmail && <PendingEmail address={user.pendingEmail} />}
            </Item>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}

function Item({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-slate-900">{value}</dd>
      {children}
    </div>
  );
}

/** A new address takes effect only once its owner opens the link mailed to it (issue 13). */
function PendingEmail({ address }: { address: string }) {
  return (
    <dd className="mt-1 break-words text-xs text-amber-800">
      Waiting for confirmation of {address}
    </dd>
  );
}

function ProfileForm({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      // The address the user asked for: saving it again keeps the change waiting.
      email: user.pendingEmail ?? user.email,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        const asked = saved.pendingEmail && saved.pendingEmail !== user.pendingEmail;
        toast({
          title: 'Profile Updated',
          description: asked
            ? `Open the link we sent to ${saved.pendingEmail} to use it.`
            : undefined,
        });
        onDone();
      },
      onError: (error) => {
        // Too many address changes today: say so where the address was typed (the toast is the mutation's).
        if (error instanceof ApiError && error.status === 429 && error.serverMessage) {
          form.setError('email', { message: error.serverMessage });
        }
      },
    }),
  );

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First Name" required error={errors.firstName?.message}>
          <Input {...form.register('firstName')} autoComplete="given-name" />
        </FormField>
        <FormField label="Last Name" required error={errors.lastName?.message}>
          <Input {...form.register('lastName')} autoComplete="family-name" />
        </FormField>
      </div>
      <div className="grid gap-1.5">
        <FormField label="Email" required error={errors.email?.message}>
          <Input {...form.register('email')} type="email" autoComplete="email" />
        </FormField>
        <p className="text-xs text-slate-600">
          A new address is used once you open the link we e-mail to it.
        </p>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
