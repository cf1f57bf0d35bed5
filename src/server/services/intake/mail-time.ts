// An agent's mail reply may log time on its ticket (issue 40 item 2, ADR 074) with a line of its
// own like `time: 30m`. Pure: the line is found and read here; ingest.ts logs it.

/** What a `time:` line may say, for the note that explains a refusal. */
export const TIME_LINE_FORMS = '30m, 45 min, 1h, 1.5h, 1h 30m or 1:30';

export type MailTime =
  { kind: 'none' } | { kind: 'minutes'; minutes: number } | { kind: 'refused'; reason: string };

const LINE = /^[ \t]*time[ \t]*:(.*)$/i;
const HOURS = '(?:h|hr|hrs|hour|hours)';
const MINUTES = '(?:m|min|mins|minute|minutes)';
const FORMS: [RegExp, (m: RegExpExecArray) => number][] = [
  // 1h 30m, 1h30m, 2 hours 15 minutes
  [
    new RegExp(`^(\\d{1,2})\\s*${HOURS}\\s*(\\d{1,4})\\s*${MINUTES}$`, 'i'),
    (m) => Number(m[1]) * 60 + Number(m[2]),
  ],
  // 1h, 1.5h, 2 hours
  [new RegExp(`^(\\d{1,2}(?:\\.\\d{1,2})?)\\s*${HOURS}$`, 'i'), (m) => Number(m[1]) * 60],
  // 30m, 90 min
  [new RegExp(`^(\\d{1,4})\\s*${MINUTES}$`, 'i'), (m) => Number(m[1])],
  // 1:30
  [/^(\d{1,2}):([0-5]\d)$/, (m) => Number(m[1]) * 60 + Number(m[2])],
];

/** The minutes a value says, rounded to whole minutes; undefined when it is none of the forms. */
export function minutesOf(value: string): number | undefined {
  const text = value.trim();
  for (const [form, read] of FORMS) {
    const match = form.exec(text);
    if (match) return Math.round(read(match));
  }
  return undefined;
}

const MAX_MINUTES = 24 * 60;

/**
 * The reply without its `time:` lines, and what they said. Only a line of its own counts (not
 * one inside a sentence); quoted history was cut before (read-message.ts), and a quoted `> time:`
 * line is not one. More than one is refused: which one was meant is a guess.
 */
export function takeTimeLine(text: string): { text: string; time: MailTime } {
  const lines = text.split('\n');
  const values = lines.map((l) => LINE.exec(l)?.[1]).filter((v) => v !== undefined);
  if (values.length === 0) return { text, time: { kind: 'none' } };
  const rest = lines
    .filter((l) => !LINE.test(l))
    .join('\n')
    .trim();
  const given = values[0]?.trim() ?? '';
  if (values.length > 1)
    return {
      text: rest,
      time: { kind: 'refused', reason: 'The reply held more than one time line' },
    };
  const minutes = minutesOf(given);
  if (minutes === undefined)
    return {
      text: rest,
      time: {
        kind: 'refused',
        reason: `"${given.slice(0, 40)}" is not a time: write ${TIME_LINE_FORMS}`,
      },
    };
  if (minutes <= 0)
    return { text: rest, time: { kind: 'refused', reason: 'The time must be more than 0' } };
  if (minutes > MAX_MINUTES)
    return { text: rest, time: { kind: 'refused', reason: 'The time must be at most 24 hours' } };
  return { text: rest, time: { kind: 'minutes', minutes } };
}

/** Minutes as the hours a time entry holds (two decimals: 20 min is 0.33 h). */
export const hoursOfMinutes = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
