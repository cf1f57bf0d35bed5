import { useQuery } from '@tanstack/react-query';
import { isUnauthorizedError } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.ts';

/** Spec section 1: the portal shows the first company linked to the account. */
export function useFirstCompany(): { id: string; name: string } | null {
  const { user } = useAuth();
  return user?.customers[0] ?? null;
}

/**
 * GET /api/customers/{first company id}/{resource}; runs only when that id exists
 * (spec section 7). `unauthorized`: the session ended and the query client is already
 * sending the user to the login (lib/query-client.ts), so the screen shows no error of its own.
 */
export function useCustomerQuery<T>(resource: string) {
  const company = useFirstCompany();
  const query = useQuery<T>({
    queryKey: ['/api/customers', company?.id, resource],
    enabled: !!company,
  });
  return { ...query, company, unauthorized: isUnauthorizedError(query.error) };
}
