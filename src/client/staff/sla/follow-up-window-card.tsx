import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_FOLLOW_UP_DAYS, type FollowUpWindow } from '../../../shared/schemas/follow-up.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardHeader } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { QueryState } from '../query-state.tsx';
import { useStaffCan } from '../use-staff-can.ts';

function WindowForm({ current }: { current: FollowUpWindow }) {
  const [days, setDays] = useState(String(current.days));
  const save = useStaffMutation<FollowUpWindow>({
    request: (body) => sendJson('PUT', staffUrl('follow-up-window'), body),
    success: 'Follow-Up Window Saved',
    failure: 'Failed to save the follow-up window. Please try again.',
  });
  // A setting of the admins' (ADR 058): the other roles read it.
  const canManage = useStaffCan('serviceLevels');
  return (
    <form
      className="flex flex-wrap items-end gap-3 px-5 pb-5"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ days: Number(days) });
      }}
    >
      <FormField label="Days after the close" className="w-40">
        <Input
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_FOLLOW_UP_DAYS}
          step={1}
          required
          disabled={!canManage}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </FormField>
      {canManage && (
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Follow-Up Window'}
        </Button>
      )}
    </form>
  );
}

/** Replies to closed tickets (ADR 061): how long a customer's reply reopens the ticket. */
export function FollowUpWindowCard() {
  const setting = useQuery(staffQueries.followUpWindow());
  return (
    <Card>
      <CardHeader title="Follow-Up Window" />
      <p className="px-5 pt-2 pb-4 text-sm text-slate-600">
        Within this many days of the close, a customer&apos;s reply reopens the ticket (and the
        portal offers Reopen Ticket), unless it is only thanks or an auto-reply, which stays on the
        closed ticket. Later replies open a new ticket linked to it. 0 turns reopening off.
      </p>
      <QueryState query={setting} empty="No setting" isEmpty={() => false}>
        {(current) => <WindowForm current={current} />}
      </QueryState>
    </Card>
  );
}
