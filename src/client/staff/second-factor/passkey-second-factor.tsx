import { useMutation } from '@tanstack/react-query';
import {
  passkeyErrorMessage,
  passkeysSupported,
  registerPasskey,
  signInWithPasskey,
} from '../../lib/passkeys.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';

/**
 * A passkey as the staff second factor (issue 19): confirm with one of the account's
 * passkeys, or enrol a first one instead of an authenticator app. Null (no answer) means the
 * person closed the browser's dialog: nothing to say.
 */
export function PasskeyConfirm({ onDone }: { onDone: () => void }) {
  const confirm = useMutation({
    mutationFn: () => signInWithPasskey(),
    onSuccess: (done) => done && onDone(),
  });
  if (!passkeysSupported()) return null;
  return (
    <div className="grid gap-2">
      <Button type="button" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
        Use your passkey
      </Button>
      {confirm.error && (
        <p role="alert" className="text-sm text-red-700">
          {passkeyErrorMessage(confirm.error)}
        </p>
      )}
    </div>
  );
}

export function PasskeyEnrol({ onDone }: { onDone: () => void }) {
  const add = useMutation({
    mutationFn: () => registerPasskey('Passkey'),
    onSuccess: (saved) => saved && onDone(),
  });
  if (!passkeysSupported()) return null;
  return (
    <Card>
      <CardHeader title="Or use a passkey" />
      <CardBody className="grid gap-3">
        <p className="text-sm text-slate-600">
          A passkey on this device (fingerprint, face or PIN) is a second factor on its own. You can
          add more, or remove it, under Security.
        </p>
        <Button
          type="button"
          variant="secondary"
          onClick={() => add.mutate()}
          disabled={add.isPending}
        >
          Add a Passkey
        </Button>
        {add.error && (
          <p role="alert" className="text-sm text-red-700">
            {passkeyErrorMessage(add.error)}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
