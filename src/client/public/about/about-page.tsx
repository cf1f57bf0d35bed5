import { Award, Handshake, Lightbulb } from 'lucide-react';
import { Link } from 'wouter';
import { company } from '../../../shared/company.ts';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../ui/button.tsx';
import { PageHero, Section } from '../section.tsx';

const stats = [
  { value: '250+', label: 'Happy Clients' },
  { value: '15+', label: 'Years of Experience' },
  { value: '24/7', label: 'Support, 100% of the Time' },
  { value: '50+', label: 'Locations Served' },
] as const;

const values = [
  {
    title: 'Excellence',
    icon: Award,
    text: 'We measure ourselves by uptime, first-contact resolution and on-time delivery, and we publish those numbers to our clients every month.',
  },
  {
    title: 'Partnership',
    icon: Handshake,
    text: 'We learn how your business works before we recommend anything, and we stay accountable for the result long after the invoice is paid.',
  },
  {
    title: 'Innovation',
    icon: Lightbulb,
    text: 'We test new tools in our own operations first, then bring you the ones that make your team faster, safer and less dependent on heroics.',
  },
] as const;

export default function AboutPage() {
  return (
    <>
      <PageHero
        title={`About ${company.name}`}
        subtitle="A team of engineers, technicians and project managers who make business technology dependable."
      />
      <Section>
        <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {stats.map((s) => (
            <div
              key={s.label}
              className="flex flex-col rounded-lg border border-slate-200 p-6 text-center"
            >
              <dt className="text-sm font-medium text-slate-600">{s.label}</dt>
              <dd className="order-first text-4xl font-bold text-brand-700">{s.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section className="bg-slate-50">
        <div className="mx-auto max-w-3xl">
          <h2 className="text-3xl font-bold tracking-tight text-slate-900">Our Story</h2>
          <div className="mt-6 grid gap-4 text-lg text-slate-700">
            <p>
              {company.name} was founded in {company.foundedYear} in Austin, Texas, by three field
              engineers who were tired of watching small and mid-sized businesses wait days for help
              that large enterprises got in hours.
            </p>
            <p>
              We started with on-site repair for a handful of local retailers. As those clients
              opened new locations, we followed them: first across Texas, then nationwide, building
              a network of certified technicians and an integration center that stages thousands of
              devices a year.
            </p>
            <p>
              Today we support more than 250 businesses across over 50 locations, from single
              offices to national retail chains, with a help desk that never closes and the same
              promise we made on day one: a real answer, fast.
            </p>
          </div>
        </div>
      </Section>
      <Section
        title="Our Values"
        intro="Three principles guide every project, ticket and recommendation."
      >
        <ul className="grid gap-6 lg:grid-cols-3">
          {values.map(({ title, icon: Icon, text }) => (
            <li key={title} className="rounded-lg border border-slate-200 p-6">
              <Icon className="h-8 w-8 text-brand-700" aria-hidden />
              <h3 className="mt-4 text-xl font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section className="bg-brand-50">
        <div className="flex flex-col items-center gap-4 text-center">
          <h2 className="text-2xl font-bold text-slate-900">Let's talk about your technology</h2>
          <p className="max-w-xl text-slate-700">
            A 30-minute consultation with one of our engineers, free and without obligation.
          </p>
          {/* Schedule Consultation: booking starts with a message, so it opens the contact page. */}
          <Button asChild size="lg">
            <Link href={paths.contact}>Schedule Consultation</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
