import { AlertTriangle, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { showsReadFailure } from '../../lib/query-client.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { StatGrid } from './stat-card.tsx';

/** A read failed: say so and offer to try again (a 401 is the query client's, nothing shows). */
export function QueryError({
  error,
  what,
  onRetry,
}: {
  error: Error | null;
  what: string;
  onRetry: () => void;
}) {
  if (!showsReadFailure(error)) return null;
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
      <AlertTriangle className="h-8 w-8 text-red-700" aria-hidden />
      <p className="text-sm text-slate-700">We couldn't load your {what}. Please try again.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}

/** Placeholder blocks while a screen's first read runs. */
export function ScreenSkeleton({ cards = 4, rows = 6 }: { cards?: number; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-6">
      <span className="sr-only">Loading</span>
      <StatGrid>
        {Array.from({ length: cards }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </StatGrid>
      <div className="grid gap-2">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    </div>
  );
}

/**
 * The user is in no company: none has added them yet, or their admin ended their access
 * (review V5: "not linked yet, contact support" misled a deactivated colleague).
 */
export function NoCompany() {
  return (
    <Card className="p-8 text-center text-sm text-slate-700">
      Your account has no company in the portal: you have not been added to one, or your access has
      ended. Ask your company&apos;s portal admin, or contact support.
    </Card>
  );
}

/** A screen the user's role in this company does not open, or a company they are not in (issue 18). */
export function NoAccess() {
  return (
    <Card
      role="alert"
      className="mx-auto flex max-w-lg flex-col items-center gap-3 p-8 text-center"
    >
      <Lock className="h-8 w-8 text-slate-600" aria-hidden />
      <h1 className="text-xl font-semibold text-slate-900">You don't have access</h1>
      <p className="text-sm text-slate-700">
        Your role in this company does not include this part of the portal. Ask one of your
        company's admins if you need it.
      </p>
      <Link href={paths.dashboard} className="text-sm font-medium text-brand-700 underline">
        Back to your dashboard
      </Link>
    </Card>
  );
}
