import { CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { findService, type Service } from '../../../shared/services.ts';
import { Button } from '../../ui/button.tsx';
import { PageHero, Section } from '../section.tsx';
import { ServiceIcon } from '../service-icon.tsx';
import { Island } from '../islands/island.tsx';
import { Breadcrumbs } from './breadcrumbs.tsx';

/** A service's own page; its content comes from the catalogue, which loads with this chunk. */
export default function ServicePage({ slug }: { slug: string }) {
  const service = findService(slug);
  return service ? <ServiceContent service={service} /> : null;
}

function ServiceContent({ service }: { service: Service }) {
  return (
    <>
      {service.slug === 'hardware-procurement' && <Breadcrumbs current={service.name} />}
      <PageHero title={service.name} subtitle={service.subtitle}>
        <span className="mt-8 flex h-14 w-14 items-center justify-center rounded-xl bg-white/10">
          <ServiceIcon name={service.icon} className="h-8 w-8" />
        </span>
      </PageHero>

      <Section>
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <h2 className="text-3xl font-bold tracking-tight text-slate-900">Overview</h2>
            <p className="mt-6 text-lg text-slate-700">{service.description}</p>
          </div>
          <div className="rounded-lg bg-slate-50 p-6">
            <h3 className="text-xl font-semibold text-slate-900">Key Benefits</h3>
            <ul className="mt-4 grid gap-3">
              {service.benefits.map((b) => (
                <li key={b} className="flex gap-3 text-slate-700">
                  <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden />
                  {b}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Section>

      <Section title="What's Included" className="bg-slate-50">
        <ul className="grid gap-4 sm:grid-cols-2">
          {service.features.map((f) => (
            <li key={f} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-4">
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden />
              <span className="text-slate-800">{f}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section>
        <div className="rounded-2xl bg-brand-900 px-6 py-12 text-center text-white sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight">
            Ready to Get Started with {service.name}?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">
            Contact us today for a customized quote tailored to your business requirements.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Island
              name="quote"
              props={{ service: service.name, action: paths.service(service.slug) }}
            />
            {/* Contact Sales: a conversation rather than a quote, so the contact page. */}
            <Button
              asChild
              size="lg"
              variant="secondary"
              className="border-white bg-transparent text-white hover:bg-white/10"
            >
              <Link href={paths.contact}>Contact Sales</Link>
            </Button>
          </div>
        </div>
      </Section>
    </>
  );
}
