import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import type { CompanyQuery } from '../../lib/portal-queries.ts';

/** Spec section 1: the portal shows the first company linked to the account. */
export function useFirstCompany(): { id: string; name: string } | null {
  const { user } = useAuth();
  return user?.customers[0] ?? null;
}

/** A read of the first company (`portalQueries.invoices`, ...); it runs only when that company exists. */
export function useCompanyQuery<T>(query: CompanyQuery<T>) {
  const company = useFirstCompany();
  const result = useQuery({ ...query(company?.id ?? ''), enabled: !!company });
  return { ...result, company };
}
