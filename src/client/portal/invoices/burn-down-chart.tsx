import { formatDate } from '../../../shared/format.ts';

const W = 300;
const H = 80;
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const hours = (n: number) => `${Number(n.toFixed(2))} h`;

/**
 * Hours left over the period as a step line (ADR 071): plain SVG, no chart library. The
 * picture has one accessible name that says what it shows; the numbers are in the card's text.
 */
export function BurnDownChart({
  points,
  included,
  start,
  end,
}: {
  points: readonly { day: string; left: number }[];
  included: number;
  start: string;
  /** The period's last day; an open block ends at its last point. */
  end: string | null;
}) {
  const first = dayMs(start);
  const last = Math.max(dayMs(end ?? points.at(-1)?.day ?? start), first + 86_400_000);
  const x = (day: string) => ((dayMs(day) - first) / (last - first)) * W;
  const y = (left: number) => (included > 0 ? H - (Math.max(0, left) / included) * H : H);
  let path = '';
  points.forEach((p, i) => {
    const px = x(p.day).toFixed(1);
    const py = y(p.left).toFixed(1);
    path += i === 0 ? `M${px},${py}` : ` H${px} V${py}`;
  });
  const latest = points.at(-1);
  const label = latest
    ? `Burn-down: ${hours(included)} at the start, ${hours(latest.left)} left on ${formatDate(latest.day)}`
    : 'Burn-down: no time yet';
  return (
    <figure className="grid gap-1">
      <svg
        role="img"
        aria-label={label}
        viewBox={`-2 -2 ${W + 4} ${H + 4}`}
        preserveAspectRatio="none"
        className="h-20 w-full"
      >
        <line x1={0} y1={H} x2={W} y2={H} className="stroke-slate-300" strokeWidth={1} />
        {/* The even pace: from all the hours at the start to none at the end. */}
        <line
          x1={0}
          y1={0}
          x2={W}
          y2={H}
          className="stroke-slate-300"
          strokeWidth={1}
          strokeDasharray="4 4"
          vectorEffect="non-scaling-stroke"
        />
        <path
          d={path}
          fill="none"
          className="stroke-brand-600"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption aria-hidden className="flex justify-between text-xs text-slate-600">
        <span>{formatDate(start)}</span>
        <span>{formatDate(end ?? points.at(-1)?.day ?? start)}</span>
      </figcaption>
    </figure>
  );
}
