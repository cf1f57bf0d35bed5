import { Link, useLocation } from 'wouter';
import { cn } from '../../ui/cn.ts';
import { isActive, navItems } from './nav-items.ts';

/** The five entries, as a row (header) or a column (mobile drawer). */
export function NavLinks({
  vertical,
  onNavigate,
}: {
  vertical?: boolean;
  onNavigate?: () => void;
}) {
  const [location] = useLocation();
  return (
    <ul className={cn('flex gap-1', vertical && 'flex-col')}>
      {navItems.map((item) => {
        const active = isActive(item, location);
        const Icon = item.icon;
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium',
                active
                  ? 'bg-brand-50 text-brand-700'
                  : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
              )}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
