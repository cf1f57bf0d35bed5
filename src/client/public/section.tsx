import { useId, type ReactNode } from 'react';
import { cn } from '../ui/cn.ts';

/** A full-width page band with centred content and an optional heading block. */
export function Section({
  title,
  intro,
  children,
  className,
  id,
}: {
  title?: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cn('py-16 sm:py-20', className)}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {title && (
          <div className="mx-auto mb-10 max-w-2xl text-center">
            <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900">
              {title}
            </h2>
            {intro && <p className="mt-4 text-lg text-slate-600">{intro}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

/** The dark-blue opening band of a page, holding its h1. */
export function PageHero({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {subtitle && <p className="mt-6 max-w-2xl text-lg text-blue-100">{subtitle}</p>}
        {children}
      </div>
    </section>
  );
}
