import { Link } from 'wouter';
import { paths } from '../shared/routes.ts';
import { useAuth } from './lib/auth.ts';
import { useDocumentTitle } from './lib/document-title.ts';

/** Spec section 2: any path outside the active route set, with a way back to where one belongs. */
export function NotFound() {
  const { user } = useAuth();
  useDocumentTitle('Page Not Found');
  const back = !user
    ? { href: paths.home, label: 'Back to the home page' }
    : user.role === 'staff'
      ? { href: paths.staff, label: 'Back to the staff workspace' }
      : { href: paths.dashboard, label: 'Back to your dashboard' };
  return (
    // Marked for the public pages' boot script: signed in, the app replaces the prerendered
    // screen to link back to the visitor's own area (island-boot.ts).
    <main
      data-signed-in-differs
      className="flex min-h-screen items-center justify-center bg-slate-50 px-4"
    >
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Link
          href={back.href}
          className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline"
        >
          {back.label}
        </Link>
      </div>
    </main>
  );
}
