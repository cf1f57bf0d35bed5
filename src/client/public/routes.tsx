import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { paths } from '../../shared/routes.ts';
import { serviceIndex } from '../../shared/service-index.ts';
import { NotFound } from '../not-found.tsx';
import { PageLoading } from '../ui/page-loading.tsx';
import { PublicLayout } from './layout/public-layout.tsx';

// Each page is its own chunk: a visitor downloads the shell and the page in front of them.
// Prerendered HTML stays on screen while the page's chunk loads, then hydrates in place.
const HomePage = lazy(() => import('./home/home-page.tsx'));
const ServicesPage = lazy(() => import('./services/services-page.tsx'));
const ServicePage = lazy(() => import('./services/service-page.tsx'));
const AboutPage = lazy(() => import('./about/about-page.tsx'));
const ContactPage = lazy(() => import('./contact/contact-page.tsx'));
const PrivacyPolicyPage = lazy(() => import('./legal/privacy-policy-page.tsx'));
const TermsOfServicePage = lazy(() => import('./legal/terms-of-service-page.tsx'));
const SystemStatusPage = lazy(() => import('./status/system-status-page.tsx'));
const HelpCenterPage = lazy(() => import('./help/help-center-page.tsx'));

const routes: Array<[string, ReactNode]> = [
  [paths.home, <HomePage />],
  [paths.services, <ServicesPage />],
  // Spec: no route parameters; each service page is its own route.
  ...serviceIndex.map((service): [string, ReactNode] => [
    paths.service(service.slug),
    <ServicePage slug={service.slug} />,
  ]),
  [paths.about, <AboutPage />],
  [paths.contact, <ContactPage />],
  [paths.privacyPolicy, <PrivacyPolicyPage />],
  [paths.termsOfService, <TermsOfServicePage />],
  [paths.systemStatus, <SystemStatusPage />],
  // The help center's template, filled by the server (ADR 078); not one of the spec's routes.
  [paths.help, <HelpCenterPage />],
];

/** Spec section 2: the public route set (while auth loads, and when signed out). */
export function PublicRoutes() {
  return (
    <Switch>
      {routes.map(([path, element]) => (
        <Route key={path} path={path}>
          <PublicLayout>
            <Suspense fallback={<PageLoading />}>{element}</Suspense>
          </PublicLayout>
        </Route>
      ))}
      <Route component={NotFound} />
    </Switch>
  );
}
