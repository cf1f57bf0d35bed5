import { formatDateTime } from '../../shared/format.ts';

/**
 * A date and time as formatDateTime writes it ("Nov 27, 2026, 1:55 AM") that, in a narrow
 * place, wraps before the time and never between the time and AM/PM (review V14).
 */
export function DateTime({ value }: { value: string | Date }) {
  const text = formatDateTime(value);
  const time = text.lastIndexOf(', ') + 2;
  return (
    <>
      {text.slice(0, time)}
      <span className="whitespace-nowrap">{text.slice(time)}</span>
    </>
  );
}
