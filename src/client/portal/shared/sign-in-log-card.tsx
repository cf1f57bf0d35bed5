import {
  signInEventLabels,
  describeSignInMethod,
  type SignInLogEntry,
} from '../../../shared/schemas/auth.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { useQuery } from '@tanstack/react-query';
import { signInLogSchema } from '../../../shared/schemas/auth.ts';
import { getJson } from '../../lib/api.ts';
import { Skeleton } from '../../ui/skeleton.tsx';

/** A sign-in log (issue 18): own on the profile, the company's on the colleagues screen. */
export function SignInLogCard({
  title,
  entries,
  isPending,
  showWho,
}: {
  title: string;
  entries: SignInLogEntry[] | undefined;
  isPending: boolean;
  showWho?: boolean;
}) {
  return (
    <Card role="region" aria-label={title}>
      <CardHeader title={title} />
      <CardBody>
        {isPending ? (
          <Skeleton className="h-24" />
        ) : !entries?.length ? (
          <p className="text-sm text-slate-700">No sign-ins recorded yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm">
            {entries.map((e) => (
              <li key={e.id} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr_1fr]">
                <span className="text-slate-700">{formatDateTime(e.at)}</span>
                <span className="font-medium text-slate-900">
                  {signInEventLabels[e.event]}
                  {e.method && (
                    <span className="font-normal text-slate-600">
                      {' '}
                      · {describeSignInMethod(e.method, e.issuer)}
                    </span>
                  )}
                  {showWho && (
                    <span className="block font-normal text-slate-600">{e.userName}</span>
                  )}
                </span>
                <span className="text-slate-600">
                  {[e.browser, e.os].filter(Boolean).join(' on ') || 'Unknown browser'}
                  {e.ip && <span className="block">{e.ip}</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

/** The signed-in user's own sign-in log (the profile page). */
export const useOwnSignIns = () =>
  useQuery({
    queryKey: ['/api/auth/sign-ins'] as const,
    queryFn: () => getJson('/api/auth/sign-ins', signInLogSchema),
  });
