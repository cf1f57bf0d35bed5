import { ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../../shared/routes.ts';

/** Home > Services > current page (spec: the hardware procurement page). */
export function Breadcrumbs({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="border-b border-slate-200 bg-slate-50">
      <ol className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-3 text-sm text-slate-600 sm:px-6 lg:px-8">
        <li>
          <Link href={paths.home} className="hover:text-slate-900 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden>
          <ChevronRight className="h-4 w-4" />
        </li>
        <li>
          <Link href={paths.services} className="hover:text-slate-900 hover:underline">
            Services
          </Link>
        </li>
        <li aria-hidden>
          <ChevronRight className="h-4 w-4" />
        </li>
        <li>
          <span aria-current="page" className="font-medium text-slate-900">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}
