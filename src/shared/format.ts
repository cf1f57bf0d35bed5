// Spec section 9: USD en-US, en-US dates with a short month (with time for tickets and
// documents), file sizes in base-1024 units with 2 decimals.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateFmt = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const dateTimeFmt = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export const formatCurrency = (amount: number) => usd.format(amount);

/** A calendar day (`YYYY-MM-DD`) or an instant, shown as e.g. "Mar 5, 2026". */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    // A plain date has no time zone: show that day, whatever the viewer's zone.
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return dateFmt.format(new Date(y, m - 1, d));
  }
  return dateFmt.format(new Date(value));
}

/**
 * A project's start as a fact: "Started Mar 5, 2026", or "Starts …" while the day (the viewer's
 * calendar day, as `formatDate` shows it) is still ahead.
 */
export function formatProjectStart(startDate: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${startDate > today ? 'Starts' : 'Started'} ${formatDate(startDate)}`;
}

export const formatDateTime = (value: string | Date) => dateTimeFmt.format(new Date(value));

const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

export function formatFileSize(bytes: number): string {
  if (bytes <= 0) return '0 Bytes';
  const i = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  if (i === 0) return `${bytes} Bytes`;
  return `${(bytes / 1024 ** i).toFixed(2)} ${UNITS[i]}`;
}
