import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { company, companyAddressLine, telHref } from '../../../shared/company.ts';
import { paths } from '../../../shared/routes.ts';
import { findServiceSummary, footerServiceSlugs } from '../../../shared/service-index.ts';
import { helpCenterUrl } from '../help-center.ts';
import { Logo } from './logo.tsx';

const linkClass = 'text-sm text-slate-300 hover:text-white';

export function Footer() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="grid content-start gap-3">
          <Logo tone="light" />
          <p className="text-sm">{company.tagline}.</p>
          <address className="text-sm not-italic">{companyAddressLine}</address>
        </div>
        <FooterColumn title="Services">
          {footerServiceSlugs.map((slug) => (
            <li key={slug}>
              <Link href={paths.service(slug)} className={linkClass}>
                {findServiceSummary(slug)?.name}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Support">
          <li>
            <a href={paths.login} className={linkClass}>
              Customer Portal
            </a>
          </li>
          <li>
            <a
              href={helpCenterUrl()}
              target="_blank"
              rel="noopener noreferrer"
              className={linkClass}
            >
              Help Center
            </a>
          </li>
          <li>
            <Link href={paths.contact} className={linkClass}>
              Contact Us
            </Link>
          </li>
          <li>
            <Link href={paths.systemStatus} className={linkClass}>
              System Status
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title="Company">
          <li>
            <Link href={paths.about} className={linkClass}>
              About Us
            </Link>
          </li>
          <li>
            <Link href={paths.privacyPolicy} className={linkClass}>
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link href={paths.termsOfService} className={linkClass}>
              Terms of Service
            </Link>
          </li>
          <li>
            <a href={telHref(company.phone)} className={linkClass}>
              {company.phone}
            </a>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6 lg:px-8">
          © {company.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 grid gap-2">{children}</ul>
    </div>
  );
}
