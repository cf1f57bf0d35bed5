/**
 * Dates of the built-in sample rows, counted from the day they are shown (ADR 053, review
 * V8): fixed dates aged into "a pending invoice from ten months ago". `days` is negative in
 * the past; UTC, as the server's dates.
 */
export function sampleCalendar(today: Date) {
  const at = (days: number, hours = 0, minutes = 0) =>
    new Date(
      Date.UTC(
        today.getUTCFullYear(),
        today.getUTCMonth(),
        today.getUTCDate() + days,
        hours,
        minutes,
      ),
    );
  return {
    /** A date (`YYYY-MM-DD`), as invoices and projects carry them. */
    day: (days: number) => at(days).toISOString().slice(0, 10),
    /** An instant (ISO), as tickets, documents and activities carry them. */
    time: (days: number, hours: number, minutes = 0) => at(days, hours, minutes).toISOString(),
  };
}
