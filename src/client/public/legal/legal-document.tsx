import { PageHero, Section } from '../section.tsx';

export type LegalSection = { heading: string; paragraphs: readonly string[] };

/** A numbered legal text with its effective and last-updated dates. */
export function LegalDocument({
  title,
  dates,
  sections,
}: {
  title: string;
  dates: readonly string[];
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageHero title={title} />
      <Section>
        <article className="mx-auto max-w-3xl">
          <div className="text-sm text-slate-600">
            {dates.map((d) => (
              <p key={d}>{d}</p>
            ))}
          </div>
          <ol className="mt-8 grid gap-8">
            {sections.map((s, i) => (
              <li key={s.heading}>
                <h2 className="text-xl font-semibold text-slate-900">
                  {i + 1}. {s.heading}
                </h2>
                {s.paragraphs.map((p) => (
                  <p key={p} className="mt-3 text-slate-700">
                    {p}
                  </p>
                ))}
              </li>
            ))}
          </ol>
        </article>
      </Section>
    </>
  );
}
