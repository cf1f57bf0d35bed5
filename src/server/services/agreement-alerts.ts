// An agreement's messages (ADR 071): at 80 % and 100 % of a period's hours, and 30 days before
// its end. Each is claimed by inserting its `agreement_alerts` row (agreement, period, kind) in
// the transaction that sends it — the time entry that crossed the line, or the renewal sweep —
// so racing entries, retries and several servers send it once. The company hears through the
// notification outbox (the event's notice), webhooks through the event, staff by mail and a
// notice in their bell (ADR 075).
import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { agreementAlerts, agreements, customers } from '../db/schema.ts';
import { formatDate } from '../../shared/format.ts';
import { paths } from '../../shared/routes.ts';
import { RENEWAL_NOTICE_DAYS, type AgreementAlertKind } from '../../shared/schemas/agreements.ts';
import type { AgreementNoticeKind } from '../../shared/schemas/staff-notifications.ts';
import { hoursOf } from './agreement-hours.ts';
import { agreementPeriod, todayOf, type AgreementRow } from './agreements.ts';
import { recordEvent } from './domain-events.ts';
import { enqueueMail } from './mail-outbox.ts';
import { daysAfter } from './recurring-periods.ts';
import { noticeBillingStaff } from './staff-notifications.ts';

const THRESHOLDS = [
  { percent: 80, kind: 'used-80' },
  { percent: 100, kind: 'used-100' },
] as const satisfies readonly { percent: number; kind: AgreementAlertKind }[];

/** Inserts the claim; true when this transaction made it (the one that sends). */
async function claim(tx: Tx, agreementId: string, periodStart: string, kind: AgreementAlertKind) {
  const made = await tx
    .insert(agreementAlerts)
    .values({ agreementId, periodStart, kind })
    .onConflictDoNothing()
    .returning({ kind: agreementAlerts.kind });
  return made.length > 0;
}

/**
 * Staff who keep agreements (admin and billing: the invoices area's writers) get the mail and a
 * notice in their bell (ADR 075), in the claim's transaction.
 */
async function tellStaff(
  tx: Tx,
  notice: { kind: AgreementNoticeKind; agreementId: string },
  mail: { subject: string; line: string; link: string },
) {
  const staff = await noticeBillingStaff(tx, notice);
  await enqueueMail(
    tx,
    staff.map((s) => ({
      to: s.email,
      subject: mail.subject,
      text: [`Hi ${s.firstName},`, '', mail.line, '', `Open the company: ${mail.link}`].join('\n'),
    })),
  );
}

const companyName = async (tx: Tx, customerId: string) => {
  const [row] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.name ?? '';
};

/**
 * After a time entry on `workDate` (the agreement row locked by the caller): claims each
 * threshold its period has reached and tells of the highest newly claimed. Returns its percent.
 */
export async function claimHoursAlerts(
  tx: Tx,
  row: AgreementRow,
  workDate: string,
  appUrl: string,
): Promise<number | null> {
  if (row.type === 'time-and-materials') return null;
  const { period } = await agreementPeriod(tx, row, workDate);
  let crossed: number | null = null;
  for (const t of THRESHOLDS) {
    if (period.used * 100 < period.included * t.percent) break;
    if (await claim(tx, row.id, period.start, t.kind)) crossed = t.percent;
  }
  if (crossed === null) return null;
  const data = {
    agreementId: row.id,
    name: row.name,
    threshold: crossed,
    periodStart: period.start,
    periodEnd: period.end,
    included: hoursOf(period.included),
    used: hoursOf(period.used),
    left: hoursOf(period.left),
  };
  await recordEvent(tx, {
    type: 'agreement.low_balance',
    customerId: row.customerId,
    entityId: row.id,
    data,
  });
  const company = await companyName(tx, row.customerId);
  await tellStaff(
    tx,
    { kind: crossed === 100 ? 'agreement-used-100' : 'agreement-used-80', agreementId: row.id },
    {
      subject: `${company}: ${crossed} % of ${row.name} hours used`,
      line: `${company} has used ${data.used} of the ${data.included} hours of "${row.name}" for the period from ${formatDate(period.start)}; ${data.left} are left.`,
      link: `${appUrl}${paths.staffCustomer(row.customerId)}`,
    },
  );
  return crossed;
}

/**
 * The renewal reminders due at `now`: each active agreement whose end date is within
 * RENEWAL_NOTICE_DAYS of its own local today (and not past) is claimed once and told of.
 * Several servers sweeping together claim each once. Returns how many it told of.
 */
export async function sweepRenewalReminders(tx: Tx, appUrl: string, now = new Date()) {
  // A day of slack either side of UTC's today covers every zone; the local day decides.
  const utcToday = now.toISOString().slice(0, 10);
  const candidates = await tx
    .select()
    .from(agreements)
    .where(
      and(
        eq(agreements.status, 'active'),
        isNotNull(agreements.endsOn),
        gte(agreements.endsOn, daysAfter(utcToday, -1)),
        lte(agreements.endsOn, daysAfter(utcToday, RENEWAL_NOTICE_DAYS + 1)),
        sql`not exists (select 1 from ${agreementAlerts} a where a.agreement_id = ${agreements.id}
          and a.kind = 'renewal' and a.period_start = ${agreements.endsOn})`,
      ),
    );
  let told = 0;
  for (const row of candidates) {
    const endsOn = row.endsOn;
    const today = todayOf(row, now);
    if (!endsOn || endsOn < today || daysAfter(today, RENEWAL_NOTICE_DAYS) < endsOn) continue;
    if (!(await claim(tx, row.id, endsOn, 'renewal'))) continue;
    await recordEvent(tx, {
      type: 'agreement.renewal_due',
      customerId: row.customerId,
      entityId: row.id,
      data: { agreementId: row.id, name: row.name, endsOn },
    });
    const company = await companyName(tx, row.customerId);
    await tellStaff(
      tx,
      { kind: 'agreement-renewal', agreementId: row.id },
      {
        subject: `${company}: ${row.name} ends on ${formatDate(endsOn)}`,
        line: `The agreement "${row.name}" of ${company} ends on ${formatDate(endsOn)}: time to renew it.`,
        link: `${appUrl}${paths.staffCustomer(row.customerId)}`,
      },
    );
    told++;
  }
  return told;
}
