import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/auth.ts';

// The select's code (Radix Select) loads only for a user of several companies (issue 42).
const CompanySelect = lazy(() =>
  import('./company-select.tsx').then((m) => ({ default: m.CompanySelect })),
);

/** The company switcher of a user of several companies (issue 18); nothing for the others. */
export function CompanySwitcher(props: {
  inDrawer?: boolean;
  /** The drawer closes on a choice, as it does on a navigation entry (review V15). */
  onChosen?: () => void;
}) {
  const { user } = useAuth();
  if ((user?.customers.length ?? 0) < 2) return null;
  return (
    <Suspense fallback={null}>
      <CompanySelect {...props} />
    </Suspense>
  );
}
