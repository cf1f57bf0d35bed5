import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { isAppPath, paths } from '../shared/routes.ts';
import { LoginRedirect } from './auth/login-redirect.tsx';
import { useAuth } from './lib/auth.ts';
import { mayBeSignedIn } from './lib/server-hints.ts';
import { PublicRoutes } from './public/routes.tsx';
import { PageLoading } from './ui/page-loading.tsx';

// Signed-in code is split out so public pages never download it.
const loadPortal = () => import('./portal/routes.tsx');
const loadStaff = () => import('./staff/routes.tsx');
const PortalRoutes = lazy(loadPortal);
const StaffRoutes = lazy(loadStaff);

/**
 * A signed-in area opened with a session cookie will most likely show that area: start
 * downloading its code beside the "who am I" call instead of after it.
 */
export function preloadSignedInArea(pathname: string): void {
  if (!isAppPath(pathname) || !mayBeSignedIn()) return;
  void (pathname.startsWith(paths.staff) ? loadStaff() : loadPortal());
}

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
