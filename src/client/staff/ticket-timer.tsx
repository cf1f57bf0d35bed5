import { useQuery } from '@tanstack/react-query';
import { Pause, Play, Square, Timer, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { paths } from '../../shared/routes.ts';
import { timerMinutes, type StaffTimer } from '../../shared/schemas/staff-timer.ts';
import { apiRequest } from '../lib/api.ts';
import { staffQueries, staffUrl } from '../lib/staff-queries.ts';
import { Button } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { sendJson, useStaffMutation } from './api.ts';
import { LogTimeDialog } from './helpdesk/log-time-dialog.tsx';
import { useStaffCan } from './use-staff-can.ts';

/** Other devices' starts and stops show within a minute; this device's at once. */
const REFRESH_MS = 60_000;

/** The member's timer, for those whose role logs time. */
function useTimer() {
  const canTime = useStaffCan('timeEntries');
  const state = useQuery({
    ...staffQueries.timer(),
    enabled: canTime,
    refetchInterval: REFRESH_MS,
  });
  return { canTime, timer: state.data?.timer ?? null, fetchedAt: state.dataUpdatedAt };
}

/** Seconds shown: the server's count at its answer, then this clock's seconds since, if running. */
function useSeconds(timer: StaffTimer | null, fetchedAt: number) {
  const [now, setNow] = useState(() => Date.now());
  const running = timer?.running ?? false;
  useEffect(() => {
    if (!running) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [running]);
  if (!timer) return 0;
  return timer.elapsedSeconds + (running ? Math.max(0, Math.floor((now - fetchedAt) / 1000)) : 0);
}

const clock = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const s = String(seconds % 60).padStart(2, '0');
  return `${h}:${m}:${s}`;
};

const post = (path: string) => sendJson<StaffTimer>('POST', staffUrl(path));

/**
 * The header's running timer (ADR 074), on every workspace screen for a role that logs time.
 * A modal hides the header from assistive technology, so the ticket's own screen shows the
 * same controls (`TicketTimer`).
 */
export function HeaderTimer() {
  const { canTime, timer, fetchedAt } = useTimer();
  if (!canTime || !timer) return null;
  // A strip under the header's row: the row is full at 1280 px and at 390 px already.
  return (
    <div className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-1.5 text-sm">
        <TimerControls timer={timer} fetchedAt={fetchedAt} withSubject />
      </div>
    </div>
  );
}

/**
 * A timer's ticket, the time so far, pause or resume, and stop, which pauses it and opens Log
 * Time prefilled with its minutes; logging ends it, cancelling leaves it paused. A paused
 * timer can also be discarded.
 */
function TimerControls({
  timer,
  fetchedAt,
  withSubject = false,
}: {
  timer: StaffTimer;
  fetchedAt: number;
  /** The header's strip names the ticket's subject too; the ticket's own screen needs not. */
  withSubject?: boolean;
}) {
  const seconds = useSeconds(timer, fetchedAt);
  const [logMinutes, setLogMinutes] = useState<number>();
  const failure = 'Failed to change the timer. Please try again.';
  const pause = useStaffMutation<void, StaffTimer>({
    request: () => post('timer/pause'),
    success: 'Timer Paused',
    failure,
  });
  const resume = useStaffMutation<void, StaffTimer>({
    request: () => post('timer/resume'),
    success: 'Timer Resumed',
    failure,
  });
  const stop = useStaffMutation<void, StaffTimer>({
    request: () => (timer.running ? post('timer/pause') : Promise.resolve(timer)),
    success: 'Timer Stopped',
    failure,
    onSuccess: (stopped) => setLogMinutes(timerMinutes(stopped.elapsedSeconds)),
  });
  const discard = useStaffMutation<void>({
    request: () => apiRequest('DELETE', staffUrl('timer')).then(() => undefined),
    success: 'Timer Discarded',
    failure,
  });
  const busy = pause.isPending || resume.isPending || stop.isPending || discard.isPending;
  const state = timer.running ? 'running' : 'paused';
  return (
    <div
      role="group"
      aria-label={`Timer on ${timer.ticketId}, ${state}`}
      className={cn(
        'flex min-w-0 items-center gap-1 text-sm',
        withSubject
          ? 'w-full'
          : 'rounded-md border border-slate-200 bg-slate-50 py-0.5 pr-0.5 pl-2',
      )}
    >
      <Timer aria-hidden className="h-4 w-4 shrink-0 text-slate-500" />
      {withSubject && (
        <span className="flex min-w-0 flex-1 items-baseline gap-2">
          <Link
            href={paths.staffTicket(timer.ticketId)}
            className="shrink-0 font-medium text-brand-700 hover:underline"
          >
            {timer.ticketId}
          </Link>
          <span className="truncate text-slate-600">{timer.subject}</span>
          <span className="shrink-0 text-slate-500">{timer.running ? 'Running' : 'Paused'}</span>
        </span>
      )}
      <span className="min-w-16 text-center font-mono text-slate-900 tabular-nums">
        {clock(seconds)}
      </span>
      {timer.running ? (
        <IconButton label="Pause Timer" disabled={busy} onClick={() => pause.mutate()}>
          <Pause aria-hidden className="h-4 w-4" />
        </IconButton>
      ) : (
        <IconButton label="Resume Timer" disabled={busy} onClick={() => resume.mutate()}>
          <Play aria-hidden className="h-4 w-4" />
        </IconButton>
      )}
      <IconButton label="Stop Timer and Log Time" disabled={busy} onClick={() => stop.mutate()}>
        <Square aria-hidden className="h-4 w-4" />
      </IconButton>
      {!timer.running && (
        <IconButton label="Discard Timer" disabled={busy} onClick={() => discard.mutate()}>
          <X aria-hidden className="h-4 w-4" />
        </IconButton>
      )}
      {logMinutes !== undefined && (
        <LogTimeDialog
          ticket={{ id: timer.ticketId, customerId: timer.customerId }}
          timerMinutes={logMinutes}
          onClose={() => setLogMinutes(undefined)}
        />
      )}
    </div>
  );
}

function IconButton({
  label,
  children,
  ...props
}: {
  label: string;
  children: ReactNode;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-8 w-8 px-0"
      aria-label={label}
      title={label}
      {...props}
    >
      {children}
    </Button>
  );
}

/** On a ticket's screen: the member's timer when it is on this ticket, else "Start Timer". */
export function TicketTimer({ ticketId }: { ticketId: string }) {
  const { timer, fetchedAt } = useTimer();
  const start = useStaffMutation<void, StaffTimer>({
    request: () => sendJson('POST', staffUrl('timer'), { ticketId }),
    success: 'Timer Started',
    failure: 'Failed to start the timer. Please try again.',
  });
  if (timer?.ticketId === ticketId) return <TimerControls timer={timer} fetchedAt={fetchedAt} />;
  return (
    <Button variant="secondary" size="sm" disabled={start.isPending} onClick={() => start.mutate()}>
      Start Timer
    </Button>
  );
}
