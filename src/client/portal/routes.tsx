import { Suspense } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { NotFound } from '../not-found.tsx';
import { PortalLayout } from './layout/portal-layout.tsx';
import { portalScreens } from './screens.tsx';
import { ScreenSkeleton } from './shared/query-state.tsx';

/**
 * The signed-in route set (spec section 2), from the table of portal screens. Each screen
 * is content only, inside the one layout, which is kept (not remounted) when moving between
 * screens; a skeleton shows while a lazy screen loads. Other paths get the 404 screen alone.
 */
export default function PortalRoutes() {
  const { parser } = useRouter();
  const [location] = useLocation();
  // Matched as wouter's <Route path> would match each of the screen's paths.
  const screen = portalScreens.find((s) => s.paths.some((p) => matchRoute(parser, p, location)[0]));
  if (!screen) return <NotFound />;
  return (
    <PortalLayout>
      <Suspense fallback={<ScreenSkeleton />}>
        <screen.Screen />
      </Suspense>
    </PortalLayout>
  );
}
