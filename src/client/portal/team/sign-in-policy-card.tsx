import {
  signInPolicies,
  signInPolicyLabels,
  type SignInPolicy,
} from '../../../shared/schemas/sso.ts';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
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
    <Card role="region" aria-label="Sign-in policy">
      <CardHeader title="Sign-in policy" />
      <CardBody className="grid gap-2">
        {current.data ? (
          <>
            <label htmlFor="sign-in-policy" className="text-sm font-medium text-slate-800">
              How colleagues sign in
            </label>
            <select
              id="sign-in-policy"
              className="h-10 w-full max-w-md rounded-md border border-slate-300 bg-white px-3 text-sm"
              value={current.data.policy}
              disabled={change.isPending}
              onChange={(e) => change.mutate(e.target.value as SignInPolicy)}
            >
              {signInPolicies.map((p) => (
                <option key={p} value={p} disabled={p === 'sso' && !current.data.ssoAvailable}>
                  {signInPolicyLabels[p]}
                </option>
              ))}
            </select>
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
