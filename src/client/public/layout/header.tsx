import { Link, useLocation } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../ui/button.tsx';
import { cn } from '../../ui/cn.ts';
import { helpCenterUrl } from '../help-center.ts';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { PortalLinkLabel } from './portal-link-label.tsx';
import { isActiveLink, navLinks } from './nav.ts';

// The header has no backdrop filter: it would become the containing block of the mobile
// menu's fixed panel (docs/decisions/024-public-islands.md).
export function Header() {
  const [location] = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((link) => {
              const active = isActiveLink(link.href, location);
              return (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                      active
                        ? 'bg-brand-50 text-brand-700'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="hidden shrink-0 items-center gap-2 whitespace-nowrap lg:flex">
          <Button asChild variant="secondary" size="sm">
            <a href={helpCenterUrl()} target="_blank" rel="noopener noreferrer">
              Help Center
            </a>
          </Button>
          <Button asChild size="sm">
            <a href={paths.login}>
              <PortalLinkLabel />
            </a>
          </Button>
        </div>
        <MobileMenu location={location} />
      </div>
    </header>
  );
}
