import {
  signInPolicies,
  signInPolicyLabels,
  type SignInPolicy,
} from '../../../shared/schemas/sso.ts';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { Select } from '../../ui/select.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useSetSignInPolicy, useSignInPolicy } from './api.ts';

/**
 * Issue 19: how the company's colleagues must sign in. A required passkey or single sign-on
 * stops e-mail sign-in links for them (docs/decisions/042-single-sign-on.md).
 */
export function SignInPolicyCard({ companyId }: { companyId: string }) {
  const current = useSignInPolicy(companyId);
  const change = useSetSignInPolicy(companyId);
  return (
    <Card role="region" aria-label="Sign-in Policy">
      <CardHeader title="Sign-in Policy" />
      <CardBody className="grid gap-2">
        {current.data ? (
          <>
            <label htmlFor="sign-in-policy" className="text-sm font-medium text-slate-800">
              How colleagues sign in
            </label>
            <Select
              id="sign-in-policy"
              wrap
              className="max-w-xl"
              value={current.data.policy}
              disabled={change.isPending}
              onValueChange={(v) => change.mutate(v as SignInPolicy)}
              options={signInPolicies.map((p) => ({
                value: p,
                label: signInPolicyLabels[p],
                disabled: p === 'sso' && !current.data.ssoAvailable,
              }))}
            />
            <p className="text-sm text-slate-600">
              With a passkey or single sign-on required, colleagues no longer receive e-mail sign-in
              links. A colleague without a passkey yet keeps getting links until they add one.
            </p>
          </>
        ) : (
          <Skeleton className="h-10 max-w-md" />
        )}
      </CardBody>
    </Card>
  );
}
