import { Activity } from 'lucide-react';
import { company, telHref } from '../../../shared/company.ts';
import { PageHero, Section } from '../section.tsx';

/** Spec: a "Coming Soon" placeholder. */
export default function SystemStatusPage() {
  return (
    <>
      <PageHero title="System Status" />
      <Section>
        <div className="mx-auto grid max-w-xl justify-items-center gap-4 text-center">
          <Activity className="h-12 w-12 text-brand-700" aria-hidden />
          <h2 className="text-3xl font-bold text-slate-900">Coming Soon</h2>
          <p className="text-slate-600">
            A live view of our customer portal, help desk and monitoring systems is on its way.
            Until then, call{' '}
            <a href={telHref(company.emergencyPhone)} className="text-brand-700 underline">
              {company.emergencyPhone}
            </a>{' '}
            to report an outage.
          </p>
        </div>
      </Section>
    </>
  );
}
