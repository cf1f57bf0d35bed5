import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { isAppPath } from '../shared/routes.ts';
import { LoginRedirect } from './auth/login-redirect.tsx';
import { useAuth } from './lib/auth.ts';
import { PublicRoutes } from './public/routes.tsx';
import { PageLoading } from './ui/page-loading.tsx';

// Signed-in code is split out so public pages never download it.
const PortalRoutes = lazy(() => import('./portal/routes.tsx'));
const StaffRoutes = lazy(() => import('./staff/routes.tsx'));

/** Spec section 2: the route set depends on the sign-in state (public while loading). */
export function AppRoutes() {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  if (isLoading || !user) return isAppPath(location) ? <LoginRedirect /> : <PublicRoutes />;
  return (
    <Suspense fallback={<PageLoading />}>
      {user.role === 'staff' ? <StaffRoutes /> : <PortalRoutes />}
    </Suspense>
  );
}
