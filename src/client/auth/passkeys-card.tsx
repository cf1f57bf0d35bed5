import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatDate, formatDateTime } from '../../shared/format.ts';
import { passkeyNameSchema, type Passkey } from '../../shared/schemas/passkeys.ts';
import { apiRequest } from '../lib/api.ts';
import { passkeyErrorMessage, passkeysSupported, registerPasskey } from '../lib/passkeys.ts';
import { toast } from '../lib/toast.ts';
import { ConfirmItemDialog } from '../ui/alert-dialog.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../ui/card.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

const passkeysKey = ['passkeys'] as const;

function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: async () =>
      (await (await apiRequest('GET', '/api/auth/passkeys')).json()) as Passkey[],
  });
}

/** Issue 19: the user's passkeys, named, with created and last-used dates; add and remove. */
export function PasskeysCard() {
  const queryClient = useQueryClient();
  const list = usePasskeys();
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysKey });

  const add = useMutation({
    mutationFn: registerPasskey,
    onSuccess: (saved) => {
      // Null: the person closed the browser's dialog; nothing happened, nothing to say.
      if (!saved) return;
      setName('');
      toast({ title: 'Passkey added', description: `"${saved.name}" can now sign you in.` });
      return refresh();
    },
    onError: (e) => setError(passkeyErrorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (passkey: Passkey) => apiRequest('DELETE', `/api/auth/passkeys/${passkey.id}`),
    onSuccess: refresh,
    meta: { failureToast: 'Failed to remove the passkey. Please try again.' },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    add.mutate(parsed.data);
  }

  const supported = passkeysSupported();
  return (
    <Card role="region" aria-label="Passkeys">
      <CardHeader title="Passkeys" />
      <CardBody className="grid gap-4 text-sm">
        <p className="text-slate-600">
          Sign in with your fingerprint, face or device PIN instead of an e-mail link.
        </p>
        {list.isPending ? (
          <p className="text-slate-600">Loading passkeys…</p>
        ) : list.data?.length ? (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {list.data.map((passkey) => (
              <li
                key={passkey.id}
                className="flex flex-wrap items-center justify-between gap-3 p-3"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{passkey.name}</p>
                  <p className="text-xs text-slate-600">
                    Added {formatDate(passkey.createdAt)} · Last used{' '}
                    {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove passkey ${passkey.name}`}
                  disabled={remove.isPending}
                  onClick={() => setRemoving(passkey)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">You have no passkeys yet.</p>
        )}
        {supported ? (
          <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
            <FormField label="Passkey name" error={error} className="min-w-0 flex-1 basis-56">
              <Input
                value={name}
                maxLength={60}
                placeholder="e.g. Work laptop"
                onChange={(e) => setName(e.target.value)}
              />
            </FormField>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add a Passkey'}
            </Button>
          </form>
        ) : (
          <p className="text-slate-600">This browser cannot create passkeys.</p>
        )}
      </CardBody>
      <ConfirmItemDialog
        item={removing}
        onClose={() => setRemoving(null)}
        title="Remove this passkey?"
        description={(p) =>
          `"${p.name}" will no longer sign you in. Remove it from the device's passkey list too.`
        }
        confirmLabel="Remove passkey"
        onConfirm={(p) => remove.mutate(p)}
      />
    </Card>
  );
}
