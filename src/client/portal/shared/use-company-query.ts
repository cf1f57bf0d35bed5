import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { useAuth } from '../../lib/auth.ts';
import type { CompanyQuery } from '../../lib/portal-queries.ts';
import type { CurrentUser } from '../../../shared/schemas/auth.ts';

export type PortalCompany = CurrentUser['customers'][number];

/** The `?company=` of the address: the chosen company, kept by links and reloads (issue 18). */
export function useCompanyParam(): string | null {
  return new URLSearchParams(useSearch()).get('company');
}

/**
 * The company the portal shows: the one `?company=` names, else the first linked to the
 * account (spec section 1). Null when the account has none, or `?company=` names a company
 * the user is not in (the screen then says so; the API would refuse it anyway).
 */
export function useCurrentCompany(): PortalCompany | null {
  const { user } = useAuth();
  const chosen = useCompanyParam();
  if (!user) return null;
  if (chosen) return user.customers.find((c) => c.id === chosen) ?? null;
  return user.customers[0] ?? null;
}

/** A portal address keeping the chosen company (only when the user has more than one). */
export function useCompanyHref(): (path: string) => string {
  const { user } = useAuth();
  const chosen = useCompanyParam();
  return (path) =>
    chosen && (user?.customers.length ?? 0) > 1
      ? `${path}?company=${encodeURIComponent(chosen)}`
      : path;
}

/** A read of the current company (`portalQueries.invoices`, ...); it runs only when that company exists. */
export function useCompanyQuery<T>(query: CompanyQuery<T>) {
  const company = useCurrentCompany();
  const result = useQuery({ ...query(company?.id ?? ''), enabled: !!company });
  return { ...result, company };
}
