import { Menu, X } from 'lucide-react';
import { paths } from '../../../shared/routes.ts';
import { cn } from '../../ui/cn.ts';
import { helpCenterUrl } from '../help-center.ts';
import { isActiveLink, navLinks } from './nav.ts';
import { PortalLinkLabel } from './portal-link-label.tsx';

/**
 * The phone-width menu: a `<details>` disclosure, so it opens and closes without JavaScript
 * (the button stays above the panel). islands/mobile-menu.ts adds Escape, a click outside,
 * leaving it with Tab, and a chosen link to what closes it.
 */
export function MobileMenu({ location }: { location: string }) {
  return (
    <details data-mobile-menu className="group lg:hidden">
      <summary
        aria-label="Menu"
        className="flex cursor-pointer list-none rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
      >
        <Menu className="h-6 w-6 group-open:hidden" aria-hidden />
        <X className="hidden h-6 w-6 group-open:block" aria-hidden />
      </summary>
      <div data-menu-backdrop className="fixed inset-x-0 top-16 bottom-0 z-40 bg-slate-900/50" />
      <div className="fixed top-16 right-0 bottom-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto border-t border-slate-200 bg-white p-6 shadow-xl">
        <nav aria-label="Mobile">
          <ul className="grid gap-1">
            {navLinks.map((link) => {
              const active = isActiveLink(link.href, location);
              return (
                <li key={link.href}>
                  <a
                    href={link.href}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'block rounded-md px-3 py-2 text-base font-medium',
                      active ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-100',
                    )}
                  >
                    {link.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="grid gap-2 border-t border-slate-200 pt-6">
          <a
            href={helpCenterUrl()}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-md border border-slate-300 px-4 py-2 text-center text-sm font-medium text-slate-900 hover:bg-slate-50"
          >
            Help Center
          </a>
          <a
            href={paths.login}
            className="rounded-md bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
          >
            <PortalLinkLabel />
          </a>
        </div>
      </div>
    </details>
  );
}
