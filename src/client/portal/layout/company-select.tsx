import { useLocation } from 'wouter';
import { useAuth } from '../../lib/auth.ts';
import { Select } from '../../ui/select.tsx';
import { cn } from '../../ui/cn.ts';
import { useCurrentCompany } from '../shared/use-company-query.ts';

/**
 * Issue 18: for a user of several companies, which one the portal shows. The choice goes
 * into the address (`?company=`), so links, reloads and the back button keep it. Loaded
 * only for such a user (company-switcher.tsx).
 */
export function CompanySelect({
  inDrawer = false,
  onChosen,
}: {
  inDrawer?: boolean;
  /** The drawer closes on a choice, as it does on a navigation entry (review V15). */
  onChosen?: () => void;
}) {
  const { user } = useAuth();
  const current = useCurrentCompany();
  const [location, navigate] = useLocation();
  const companies = user?.customers ?? [];
  if (companies.length < 2) return null;
  const id = inDrawer ? 'company-switcher-drawer' : 'company-switcher';
  return (
    // Below `lg` the header has no room: the switcher sits in the menu drawer instead.
    <div
      className={
        inDrawer
          ? 'grid gap-1 text-sm font-medium text-slate-900'
          : 'hidden items-center gap-2 text-sm text-slate-700 lg:flex'
      }
    >
      <label htmlFor={id}>Company</label>
      {/* The portal's own select, as every other dropdown (review V7). */}
      <Select
        id={id}
        className={cn('h-9 font-normal', !inDrawer && 'max-w-48')}
        wrap={inDrawer}
        value={current?.id}
        placeholder="Choose a company"
        onValueChange={(value) => {
          navigate(`${location}?company=${encodeURIComponent(value)}`);
          onChosen?.();
        }}
        options={companies.map((c) => ({ value: c.id, label: c.name }))}
      />
    </div>
  );
}
