import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { isAppPath, paths, publicRoutes } from '../shared/routes.ts';
import { LoginRedirect } from './auth/login-redirect.tsx';
import { useAuth } from './lib/auth.ts';
import { mayBeSignedIn } from './lib/server-hints.ts';
import { PageLoading } from './ui/page-loading.tsx';

// Signed-in code is split out so public pages never download it.
const loadPortal = () => import('./portal/routes.tsx');
const loadStaff = () => import('./staff/routes.tsx');
const PortalRoutes = lazy(loadPortal);
const StaffRoutes = lazy(loadStaff);
// And public code out of the signed-in screens' first paint (issue 42). No Suspense boundary
// above it: the first render waits for it (a transition, main.tsx), so a public page's HTML
// stays on screen meanwhile, and the prerenderer waits for its chunk as for the pages'.
const PublicRoutes = lazy(() =>
  import('./public/routes.tsx').then((m) => ({ default: m.PublicRoutes })),
);

/**
 * A signed-in area (or `/`, the dashboard signed in) opened with a session cookie will most
 * likely show that area: start downloading its code beside the "who am I" call, not after it.
 */
export function preloadSignedInArea(pathname: string): void {
  if (!(isAppPath(pathname) || pathname === paths.home) || !mayBeSignedIn()) return;
  void (pathname.startsWith(paths.staff) ? loadStaff() : loadPortal());
}

/** A public page that is the same signed in or out: every public route but `/`. */
const isSharedPublicPage = (location: string) =>
  location !== paths.home && publicRoutes.includes(location);

/**
 * Spec section 2: the route set depends on the sign-in state (public while loading). Beyond
 * it (docs/decisions/049-public-pages-signed-in.md), signed-in users keep the public pages,
 * and `/`, which signed in is the dashboard, shows a loading state until the answer comes
 * rather than the marketing page.
 */
export function AppRoutes() {
  const { user, isLoading } = useAuth();
  const [location] = useLocation();
  if (isSharedPublicPage(location)) return <PublicRoutes />;
  if (!user) {
    if (isAppPath(location)) return <LoginRedirect />;
    return isLoading && location === paths.home ? <PageLoading /> : <PublicRoutes />;
  }
  return (
    <Suspense fallback={<PageLoading />}>
      {user.role === 'staff' ? <StaffRoutes /> : <PortalRoutes />}
    </Suspense>
  );
}
