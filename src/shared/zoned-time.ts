/** An instant as a zone's clocks read it, with the zone's short name: "Dec 1, 2026, 10:00 PM CST". */
export function zonedTime(iso: string, timeZone: string): string {
  // dateStyle and timeStyle cannot be combined with timeZoneName: the fields are spelled out.
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}
