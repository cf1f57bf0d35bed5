import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { company } from '../../../shared/company.ts';
import { paths } from '../../../shared/routes.ts';
import { coreServiceSlugs, findServiceSummary } from '../../../shared/service-index.ts';
import { Button } from '../../ui/button.tsx';
import { Island } from '../islands/island.tsx';
import { PageHero, Section } from '../section.tsx';
import { ServiceIcon } from '../service-icon.tsx';

export default function HomePage() {
  return (
    <>
      <PageHero
        title="IT services that keep your business running"
        subtitle={`From the first laptop order to 24/7 security monitoring, ${company.name} plans, delivers and supports the technology of businesses across the United States.`}
      >
        <div className="mt-10 flex flex-wrap gap-4">
          {/* Get Started: the visitor wants to talk to us, so it opens the contact page. */}
          <Button asChild size="lg" className="bg-white text-brand-900 hover:bg-blue-50">
            <Link href={paths.contact}>Get Started</Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="secondary"
            className="border-white bg-transparent text-white hover:bg-white/10"
          >
            <Link href={paths.services}>Explore Services</Link>
          </Button>
        </div>
      </PageHero>

      <Section
        title="Our Core Services"
        intro="Six services our clients rely on every day, delivered by certified engineers and technicians."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {coreServiceSlugs.map((slug) => {
            const service = findServiceSummary(slug);
            if (!service) return null;
            return (
              <li
                key={slug}
                className="relative flex flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <ServiceIcon name={service.icon} className="h-6 w-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">
                  <Link href={paths.service(slug)} className="after:absolute after:inset-0">
                    {service.name}
                  </Link>
                </h3>
                <p className="mt-2 flex-1 text-sm text-slate-600">{service.subtitle}</p>
                <span className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700">
                  Learn More <ArrowRight className="h-4 w-4" aria-hidden />
                </span>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section
        id="contact"
        title="Get in Touch"
        intro="Tell us about your project or question and we'll get back to you within 24 hours."
        className="bg-slate-50"
      >
        <div className="mx-auto max-w-3xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <Island name="contact-form" props={{ rows: 4, action: paths.home }} />
        </div>
      </Section>
    </>
  );
}
