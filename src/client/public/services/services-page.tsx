import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '../../../shared/routes.ts';
import { services } from '../../../shared/services.ts';
import { Button } from '../../ui/button.tsx';
import { PageHero, Section } from '../section.tsx';
import { ServiceIcon } from '../service-icon.tsx';

/** Spec: each card lists its first 3 features plus "+N more features". */
const PREVIEW_FEATURES = 3;

export default function ServicesPage() {
  return (
    <>
      <PageHero
        title="Our Services"
        subtitle="Eleven services, one accountable partner: from buying the hardware to securing, supporting and repairing it."
      />
      <Section>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {services.map((service) => (
            // In two columns (768 px) the eleventh card stands alone: centred under the others.
            <li
              key={service.slug}
              className="flex flex-col rounded-lg border border-slate-200 bg-white p-6 shadow-sm md:max-lg:last:odd:col-span-2 md:max-lg:last:odd:mx-auto md:max-lg:last:odd:w-[calc(50%-0.75rem)]"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <ServiceIcon name={service.icon} className="h-6 w-6" />
              </span>
              <h2 className="mt-4 text-xl font-semibold text-slate-900">{service.name}</h2>
              <p className="mt-2 text-sm text-slate-600">{service.subtitle}</p>
              <ul className="mt-4 grid gap-2 text-sm text-slate-700">
                {service.features.slice(0, PREVIEW_FEATURES).map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm font-medium text-slate-600">
                +{service.features.length - PREVIEW_FEATURES} more features
              </p>
              <div className="mt-6 flex-1 content-end">
                <Button asChild variant="secondary">
                  <Link href={paths.service(service.slug)}>
                    Learn More<span className="sr-only"> about {service.name}</span>
                  </Link>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
