import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { company } from '../../../shared/company.ts';
import { paths } from '../../../shared/routes.ts';
import { useAuth } from '../../lib/auth.ts';
import { MenuButton } from '../../ui/menu-button.tsx';
import { MountWhen } from '../../ui/mount-when.tsx';
import { useCompanyHref, useCurrentCompany } from '../shared/use-company-query.ts';
import { CompanySwitcher } from './company-switcher.tsx';
import { NavLinks } from './nav-links.tsx';
import { UserMenu } from './user-menu.tsx';

// The drawer below `lg` (Radix Dialog) loads when first opened, not with the screen (issue 42).
const MobileNav = lazy(() => import('./mobile-nav.tsx').then((m) => ({ default: m.MobileNav })));
// The status banner (ADR 079) parses its answer with zod: its code comes beside the screen's,
// not before the first paint.
const StatusBanner = lazy(() =>
  import('./status-banner.tsx').then((m) => ({ default: m.StatusBanner })),
);

/**
 * The portal shell: brand, the five entries, the company switcher (several companies only) and
 * the user menu. Below `lg` the entries and the switcher move to a drawer: from 768 px the row
 * did not fit (review V3); up to `xl` the entries drop their icons for the same reason.
 */
export function PortalLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const current = useCurrentCompany();
  const hrefOf = useCompanyHref();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const companyName = current?.name ?? '';
  return (
    <div className="min-h-screen bg-slate-50">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
          <MenuButton expanded={drawerOpen} onOpen={() => setDrawerOpen(true)} />
          <Link
            href={hrefOf(paths.dashboard)}
            className="font-bold whitespace-nowrap text-brand-900"
          >
            {company.shortName} <span className="font-normal text-slate-600">Portal</span>
          </Link>
          <nav aria-label="Portal" className="hidden flex-1 lg:block">
            <NavLinks />
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <CompanySwitcher />
            <UserMenu
              fullName={fullName}
              companyName={companyName}
              besideSwitcher={(user?.customers.length ?? 0) > 1}
            />
          </div>
        </div>
      </header>
      <MountWhen when={drawerOpen}>
        <MobileNav
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          fullName={fullName}
          companyName={companyName}
        />
      </MountWhen>
      <Suspense fallback={null}>
        <StatusBanner />
      </Suspense>
      <main id="main" className="mx-auto max-w-7xl px-4 py-8">
        {children}
      </main>
    </div>
  );
}
