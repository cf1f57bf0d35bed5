import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/schemas/auth.ts';
import { paths } from '../../shared/routes.ts';
import { apiRequest, throwIfNotOk } from './api.ts';
import { forgetSessionHint, mayBeSignedIn } from './server-hints.ts';

/**
 * Who is signed in: a 401 means "signed out" (null), not an error. Never retried. Not
 * parsed with the shared schema like the other reads: every public page runs this, and
 * zod stays out of their bundle.
 */
export const currentUserQuery = () =>
  queryOptions({
    queryKey: ['/api/auth/user'] as const,
    queryFn: async (): Promise<CurrentUser | null> => {
      const res = await fetch('/api/auth/user', { credentials: 'include' });
      if (res.status === 401) {
        forgetSessionHint();
        return null;
      }
      await throwIfNotOk(res);
      return (await res.json()) as CurrentUser;
    },
    retry: false,
  });

/** The current user, a loading flag and an is-authenticated flag (spec section 7). Not asked
 * at all when the page came without a session cookie: the answer would be a 401. */
export function useAuth() {
  const { data, isLoading } = useQuery({ ...currentUserQuery(), enabled: mayBeSignedIn });
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}

/** "Logout from all sessions": ends every session of the user, then goes to the home page. */
export async function logoutEverywhere(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout-all');
  window.location.href = paths.home;
}
