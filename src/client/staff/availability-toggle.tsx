import { useQuery } from '@tanstack/react-query';
import type { Availability } from '../../shared/schemas/assignment.ts';
import { staffQueries, staffUrl } from '../lib/staff-queries.ts';
import { cn } from '../ui/cn.ts';
import { Switch } from '../ui/switch.tsx';
import { sendJson, useStaffMutation } from './api.ts';
import { useStaffCan } from './use-staff-can.ts';

/**
 * The signed-in agent's own Available / Away (ADR 063): the assignment rule gives new tickets
 * to available agents only. In the header from 1024 px, in the staff menu below.
 */
/** `compact`: the switch alone below 1280 px (the header's room), its name kept for readers. */
export function AvailabilityToggle({ compact = false }: { compact?: boolean }) {
  // Only roles that are given tickets have an availability (ADR 058).
  const takesTickets = useStaffCan('helpdesk');
  const mine = useQuery({ ...staffQueries.myAvailability(), enabled: takesTickets });
  const save = useStaffMutation<Availability, Availability>({
    request: (body) => sendJson('PUT', staffUrl('me/availability'), body),
    success: (r) => (r.available ? 'You Are Available' : 'You Are Away'),
    failure: 'Failed to change your availability. Please try again.',
  });
  if (!takesTickets || !mine.data) return null;
  const { available } = mine.data;
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <Switch
        checked={available}
        disabled={save.isPending}
        onCheckedChange={(checked) => save.mutate({ available: checked })}
      />
      {/* One name whatever the state: the switch says on or off (a name that changed would too). */}
      <span className={cn('whitespace-nowrap', compact && 'sr-only xl:not-sr-only')}>
        Available
      </span>
    </label>
  );
}
