import { Clock, Mail, MapPin, Phone, Siren } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '../../../shared/routes.ts';
import { company, companyAddressLine, telHref } from '../../../shared/company.ts';
import { Button } from '../../ui/button.tsx';
import { Island } from '../islands/island.tsx';
import { PageHero, Section } from '../section.tsx';

export default function ContactPage() {
  return (
    <>
      <PageHero
        title="Contact Us"
        subtitle="Questions, projects or a problem that cannot wait: reach the right people directly. We reply to every message within 24 hours."
      />
      <Section>
        <div className="grid gap-12 lg:grid-cols-5">
          <div className="grid content-start gap-6 lg:col-span-2">
            <h2 className="text-2xl font-bold text-slate-900">Contact Information</h2>
            <ContactItem icon={<MapPin className="h-5 w-5" aria-hidden />} title="Address">
              <address className="not-italic">{companyAddressLine}</address>
            </ContactItem>
            <ContactItem icon={<Phone className="h-5 w-5" aria-hidden />} title="Phone">
              <a href={telHref(company.phone)} className="hover:underline">
                {company.phone}
              </a>
            </ContactItem>
            <ContactItem icon={<Siren className="h-5 w-5" aria-hidden />} title="Emergency Phone">
              <a href={telHref(company.emergencyPhone)} className="hover:underline">
                {company.emergencyPhone}
              </a>
            </ContactItem>
            <ContactItem icon={<Mail className="h-5 w-5" aria-hidden />} title="Email">
              <ul>
                <li>
                  Sales:{' '}
                  <a
                    href={`mailto:${company.salesEmail}`}
                    className="whitespace-nowrap hover:underline"
                  >
                    {company.salesEmail}
                  </a>
                </li>
                <li>
                  Support:{' '}
                  <a
                    href={`mailto:${company.supportEmail}`}
                    // An address never breaks at its hyphen (looked at 2026-11-28, 390 px).
                    className="whitespace-nowrap hover:underline"
                  >
                    {company.supportEmail}
                  </a>
                </li>
              </ul>
            </ContactItem>
            <ContactItem icon={<Clock className="h-5 w-5" aria-hidden />} title="Hours">
              <p>{company.hours}</p>
              <p>{company.emergencyHours}</p>
            </ContactItem>
            <div className="rounded-lg border border-red-200 bg-red-50 p-5">
              <h3 className="font-semibold text-red-900">System down right now?</h3>
              <p className="mt-1 text-sm text-red-900">
                Our emergency line is staffed around the clock for existing clients.
              </p>
              {/* Call Emergency: on a phone this dials the 24/7 line directly. */}
              <Button asChild variant="destructive" className="mt-4">
                <a href={telHref(company.emergencyPhone)}>Call Emergency</a>
              </Button>
            </div>
          </div>
          <div className="lg:col-span-3">
            <div className="rounded-lg border border-slate-200 p-6 shadow-sm sm:p-8">
              <h2 className="text-2xl font-bold text-slate-900">Send Us a Message</h2>
              <p className="mt-2 mb-6 text-slate-600">
                Fields marked with an asterisk (*) are required.
              </p>
              <Island name="contact-form" props={{ rows: 5, action: paths.contact }} />
            </div>
          </div>
        </div>
      </Section>
    </>
  );
}

function ContactItem({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-4">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        {icon}
      </span>
      <div className="text-slate-700">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        {children}
      </div>
    </div>
  );
}
