import { Suspense } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { NotFound } from '../not-found.tsx';
import { PortalLayout } from './layout/portal-layout.tsx';
import { portalScreens } from './screens.tsx';
import { NoAccess, ScreenSkeleton } from './shared/query-state.tsx';
import { useAuth } from '../lib/auth.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { useCompanyParam, useCurrentCompany } from './shared/use-company-query.ts';
import { can } from '../../shared/permissions.ts';

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
  const { user } = useAuth();
  const company = useCurrentCompany();
  const chosen = useCompanyParam();
  useDocumentTitle(screen?.title);
  if (!screen) return <NotFound />;
  // Issue 18: a screen the role may not open, or a company the user is not in, says so.
  const refused =
    (!!user && !!chosen && !company) ||
    (!!screen.permission && !!user && !can(company?.role, screen.permission));
  return (
    <PortalLayout>
      {refused ? (
        <NoAccess />
      ) : (
        <Suspense fallback={<ScreenSkeleton />}>
          <screen.Screen />
        </Suspense>
      )}
    </PortalLayout>
  );
}
