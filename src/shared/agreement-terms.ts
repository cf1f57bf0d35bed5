// An agreement's terms in words (ADR 073): what a quote proposing one says in its PDF (the
// document the customer signs) and on the portal's quote screen, line for line the same.
import { toMinor } from './currency.ts';
import { formatDate } from './format.ts';
import { formatMoney } from './money-format.ts';
import { agreementTypeLabels, type AgreementTerms } from './schemas/agreements.ts';
import { formatBusinessDuration } from './schemas/sla.ts';
import { serviceIndex } from './service-index.ts';
import { statusLabel } from './status-labels.ts';

const hours = (n: number) => `${Number(n.toFixed(2))} ${n === 1 ? 'hour' : 'hours'}`;
const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;

/** The terms as short sentences, in the order a reader needs them. */
export function agreementTermsLines(t: AgreementTerms, currency: string): string[] {
  const money = (n: number) => formatMoney(toMinor(n, currency), currency);
  const lines = [`${agreementTypeLabels[t.type]} "${t.name}".`];
  if (t.type === 'retainer' && t.hours !== null) {
    const rollover =
      t.rolloverMonths > 0
        ? ` Unused hours roll over for ${months(t.rolloverMonths)}${
            t.rolloverCap !== null ? `, up to ${hours(t.rolloverCap)}` : ''
          }.`
        : ' Unused hours do not roll over.';
    lines.push(`${hours(t.hours)} included each calendar month.${rollover}`);
  }
  if (t.type === 'prepaid' && t.hours !== null)
    lines.push(`A block of ${hours(t.hours)} for the whole term.`);
  lines.push(
    t.type === 'time-and-materials'
      ? `Time billed at ${money(t.hourlyRate)} an hour.`
      : `Hourly rate ${money(t.hourlyRate)}; hours over what is included at ${money(t.overageRate)} an hour.`,
  );
  lines.push(
    `From ${formatDate(t.startsOn)}${t.endsOn ? ` to ${formatDate(t.endsOn)}` : ', with no end date'}; days and months in the ${t.timeZone} time zone.`,
  );
  const services = serviceIndex.filter((s) => t.services.includes(s.slug)).map((s) => s.name);
  if (services.length) lines.push(`Services covered: ${services.join(', ')}.`);
  for (const s of t.slaTargets)
    lines.push(
      `${statusLabel('priority', s.priority)} priority tickets: first response within ${formatBusinessDuration(s.firstResponseMinutes)}, resolution within ${formatBusinessDuration(s.resolutionMinutes)}.`,
    );
  return lines;
}
