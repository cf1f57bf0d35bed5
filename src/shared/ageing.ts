// Ageing of what a company owes (issue 39 items 5 and 6, ADR 069): each open amount falls in one
// bucket by how many calendar days its invoice is past due. The buckets are written once here;
// the server's SQL (services/invoice-statements.ts) is generated from the same list.

/** Calendar days from `dueDate` to `asOf`, both `YYYY-MM-DD`: 0 on the due day, negative before. */
export function daysPastDue(dueDate: string, asOf: string): number {
  return Math.round(
    (Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000,
  );
}

/** Each bucket's key, its label, and the most days past due it holds (null: no limit). */
export const ageingBuckets = [
  { key: 'current', label: 'Current', maxDays: 0 },
  { key: 'days1to30', label: '1-30 days', maxDays: 30 },
  { key: 'days31to60', label: '31-60 days', maxDays: 60 },
  { key: 'days61to90', label: '61-90 days', maxDays: 90 },
  { key: 'days90plus', label: '90+ days', maxDays: null },
] as const;

export type AgeingKey = (typeof ageingBuckets)[number]['key'];
/** Minor units per bucket. */
export type Ageing = Record<AgeingKey, number>;

/** The bucket of an amount `days` past due: not yet due (or due today) is current. */
export const ageingBucket = (days: number): AgeingKey =>
  // The last bucket has no limit, so one always matches.
  ageingBuckets.find((b) => b.maxDays === null || days <= b.maxDays)!.key;

export const emptyAgeing = (): Ageing => ({
  current: 0,
  days1to30: 0,
  days31to60: 0,
  days61to90: 0,
  days90plus: 0,
});
