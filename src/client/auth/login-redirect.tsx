import { useEffect, useRef } from 'react';
import { useAuth } from '../lib/auth.ts';
import { redirectToLogin } from '../lib/unauthorized.ts';
import { PageLoading } from '../ui/page-loading.tsx';

/**
 * Spec section 2's redirect screen, on /portal, /portal/* and /staff* while signed out or
 * loading. Once the user is known to be signed in the router swaps in the signed-in route set
 * (which shows the dashboard); signed out, it shows the toast and goes to /api/login after 500 ms.
 */
export function LoginRedirect() {
  const { isLoading, isAuthenticated } = useAuth();
  const started = useRef(false);
  useEffect(() => {
    if (isLoading || isAuthenticated || started.current) return;
    started.current = true;
    redirectToLogin();
  }, [isLoading, isAuthenticated]);
  return <PageLoading />;
}
