import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentProps, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { ApiError } from '../../lib/api.ts';
import { currentUserQuery } from '../../lib/auth.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { PageLoading } from '../../ui/page-loading.tsx';
import { PasskeyConfirm, PasskeyEnrol } from './passkey-second-factor.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import {
  confirmTotp,
  secondFactorStatusQuery,
  startTotp,
  verifySecondFactor,
} from './second-factor-api.ts';

const messageOf = (error: Error | null) =>
  error instanceof ApiError ? (error.serverMessage ?? error.message) : error?.message;

/** The 6-digit field: numeric keyboard, and the one-time code the phone may offer. */
function CodeInput({
  onChange,
  ...props
}: Omit<ComponentProps<'input'>, 'onChange'> & { value: string; onChange: (v: string) => void }) {
  return (
    <Input
      {...props}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      className="font-mono tracking-widest"
    />
  );
}

/**
 * Issue 19: a staff session past the mail link only. With a factor: a passkey, the
 * authenticator code or a recovery code; without: enrol an authenticator app or a passkey.
 */
export function SecondFactorScreen() {
  useDocumentTitle('Confirm it is you · Staff');
  const status = useQuery(secondFactorStatusQuery());
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
    navigate(paths.staff);
  };
  if (!status.data) return <PageLoading />;
  const hasFactor = status.data.totp || status.data.passkeys > 0;
  return (
    <main className="mx-auto grid max-w-lg gap-6 px-4 py-10">
      <h1 className="text-2xl font-semibold text-slate-900">Confirm it is you</h1>
      {hasFactor ? (
        <>
          {status.data.passkeys > 0 && <PasskeyConfirm onDone={done} />}
          {status.data.totp && <Verify onDone={done} />}
        </>
      ) : (
        <>
          <Enrol onDone={done} />
          <PasskeyEnrol onDone={done} />
        </>
      )}
      <a href={paths.logout} className="text-sm text-slate-600 underline">
        Sign out
      </a>
    </main>
  );
}

function Verify({ onDone }: { onDone: () => void }) {
  return (
    <Card>
      <CardBody>
        <VerifyForm onDone={onDone} />
      </CardBody>
    </Card>
  );
}

/** The authenticator or recovery code form (also the staff "Confirm it is you" dialog's). */
export function VerifyForm({ onDone }: { onDone: () => void }) {
  const [method, setMethod] = useState<'totp' | 'recovery-code'>('totp');
  const [code, setCode] = useState('');
  const verify = useMutation({
    mutationFn: () => verifySecondFactor({ method, code }),
    onSuccess: onDone,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    verify.mutate();
  };
  const switchTo = (next: typeof method) => {
    setMethod(next);
    setCode('');
    verify.reset();
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      {method === 'totp' ? (
        <FormField label="Code from your authenticator app" error={messageOf(verify.error)}>
          <CodeInput value={code} onChange={setCode} />
        </FormField>
      ) : (
        <FormField label="Recovery code" error={messageOf(verify.error)}>
          <Input
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className="font-mono"
          />
        </FormField>
      )}
      <Button type="submit" disabled={verify.isPending}>
        Confirm
      </Button>
      <button
        type="button"
        className="justify-self-start text-sm text-brand-700 underline"
        onClick={() => switchTo(method === 'totp' ? 'recovery-code' : 'totp')}
      >
        {method === 'totp' ? 'Use a recovery code' : 'Use your authenticator app'}
      </button>
    </form>
  );
}

function Enrol({ onDone }: { onDone: () => void }) {
  const [code, setCode] = useState('');
  const enrolment = useQuery({ queryKey: ['totp-enrolment'], queryFn: startTotp, gcTime: 0 });
  const confirm = useMutation({ mutationFn: () => confirmTotp(code) });
  if (confirm.data) {
    return (
      <Card>
        <CardHeader title="Save Your Recovery Codes" />
        <CardBody>
          <RecoveryCodes codes={confirm.data} onSaved={onDone} />
        </CardBody>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader title="Set Up an Authenticator App" />
      <CardBody className="grid gap-4">
        <p className="text-sm text-slate-600">
          Staff accounts need a second factor. Scan this code with an authenticator app (for example
          Microsoft Authenticator, Google Authenticator or 1Password), then type the 6-digit code it
          shows.
        </p>
        {enrolment.data ? (
          <>
            <img
              src={enrolment.data.qrDataUrl}
              alt="QR code for your authenticator app"
              width={192}
              height={192}
              className="justify-self-center"
            />
            <div className="text-sm">
              <span className="text-slate-600">Or type this key: </span>
              <code data-testid="totp-secret" className="font-mono break-all">
                {enrolment.data.secret}
              </code>
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-600">{messageOf(enrolment.error) ?? 'Loading…'}</p>
        )}
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            confirm.mutate();
          }}
        >
          <FormField label="Code from your authenticator app" error={messageOf(confirm.error)}>
            <CodeInput value={code} onChange={setCode} />
          </FormField>
          <Button type="submit" disabled={confirm.isPending || !enrolment.data}>
            Confirm
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
