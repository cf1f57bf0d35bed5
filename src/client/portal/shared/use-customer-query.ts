import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isUnauthorizedError } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.ts';
import { redirectToLogin } from '../../lib/unauthorized.ts';

/** Spec section 1: the portal shows the first company linked to the account. */
export function useFirstCompany(): { id: string; name: string } | null {
  const { user } = useAuth();
  return user?.customers[0] ?? null;
}

/**
 * GET /api/customers/{first company id}/{resource}; runs only when that id exists
 * (spec section 7). A 401 means the session ended: tell the user and go to the login.
 */
export function useCustomerQuery<T>(resource: string) {
  const company = useFirstCompany();
  const query = useQuery<T>({
    queryKey: ['/api/customers', company?.id, resource],
    enabled: !!company,
  });
  const unauthorized = isUnauthorizedError(query.error);
  useEffect(() => {
    if (unauthorized) redirectToLogin();
  }, [unauthorized]);
  return { ...query, company, unauthorized };
}
