import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '../../shared/schemas/auth.ts';
import { paths } from '../../shared/routes.ts';
import { apiRequest } from './api.ts';
import { getQueryFn } from './query-client.ts';
import { mayBeSignedIn } from './server-hints.ts';

export const currentUserKey = ['/api/auth/user'] as const;

/**
 * Who is signed in: a 401 means "signed out", not an error. Never retried. Not asked
 * at all when the page came without a session cookie: the answer would be a 401.
 */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: currentUserKey,
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    retry: false,
    enabled: mayBeSignedIn,
  });
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}

/** "Logout from all sessions": ends every session of the user, then goes to the home page. */
export async function logoutEverywhere(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout-all');
  window.location.href = paths.home;
}
