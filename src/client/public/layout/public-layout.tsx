import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

// Each route mounts its own layout, so "first page of the visit" is tracked here, not per mount.
let firstPage = true;

/** Header, page, footer; keeps the title and description right after client-side navigation. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  useEffect(() => {
    // A page reached by a link starts at its top, as a full page load would.
    if (!firstPage) window.scrollTo(0, 0);
    firstPage = false;
    // Prerendered pages arrive with their head and never run this layout: here the page came
    // by a link or in the app's shell (the dev server; `/` after an ended session, decision
    // 049), whose head is the default one. The metadata of every page loads on demand.
    void import('../seo/page-meta.ts').then(({ pageMeta }) => {
      const meta = pageMeta(location);
      if (!meta) return;
      document.title = meta.title;
      document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
      const canonical = document.querySelector('link[rel="canonical"]');
      const href = canonical?.getAttribute('href');
      if (canonical && href) canonical.setAttribute('href', new URL(location, href).href);
    });
  }, [location]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
    </div>
  );
}
