import { useLocation } from 'wouter';
import { useAuth } from '../../lib/auth.ts';
import { useCurrentCompany } from '../shared/use-company-query.ts';

/**
 * Issue 18: for a user of several companies, which one the portal shows. The choice goes
 * into the address (`?company=`), so links, reloads and the back button keep it.
 */
export function CompanySwitcher({
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
  return (
    // Below `lg` the header has no room: the switcher sits in the menu drawer instead.
    <label
      className={
        inDrawer
          ? 'grid gap-1 text-sm font-medium text-slate-900'
          : 'hidden items-center gap-2 text-sm text-slate-700 lg:flex'
      }
    >
      <span>Company</span>
      <select
        value={current?.id ?? ''}
        onChange={(e) => {
          navigate(`${location}?company=${encodeURIComponent(e.target.value)}`);
          onChosen?.();
        }}
        className="w-full truncate rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm font-normal text-slate-900 lg:max-w-40"
      >
        {!current && <option value="">Choose a company</option>}
        {companies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}
