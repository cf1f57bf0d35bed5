import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  assignmentRuleLabels,
  assignmentRules,
  type AssignmentRule,
  type AssignmentRuleSetting,
} from '../../../shared/schemas/assignment.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { Card, CardHeader } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Select } from '../../ui/select.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { QueryState } from '../query-state.tsx';
import { useStaffCan } from '../use-staff-can.ts';

const explained: Record<AssignmentRule, string> = {
  manual: 'New tickets open unassigned until an agent takes or assigns them.',
  'round-robin': 'Each new ticket goes to the next available agent in turn.',
  'least-open':
    'Each new ticket goes to the available agent with the fewest open and pending tickets; agents with as many take turns.',
};

function RuleForm({ current }: { current: AssignmentRule }) {
  const [rule, setRule] = useState(current);
  const save = useStaffMutation<AssignmentRuleSetting>({
    request: (body) => sendJson('PUT', staffUrl('assignment-rule'), body),
    success: 'Assignment Rule Saved',
    failure: 'Failed to save the assignment rule. Please try again.',
  });
  // A setting of the admins' (ADR 058): the other roles read it.
  const canManage = useStaffCan('serviceLevels');
  return (
    <form
      className="grid gap-4 p-5 pt-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ rule });
      }}
    >
      <FormField label="Rule">
        <Select
          className="sm:max-w-xs"
          value={rule}
          disabled={!canManage}
          onValueChange={(v) => setRule(v as AssignmentRule)}
          options={assignmentRules.map((r) => ({ value: r, label: assignmentRuleLabels[r] }))}
        />
      </FormField>
      <p className="text-sm text-slate-600">{explained[rule]}</p>
      {canManage && (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Assignment Rule'}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * Who gets a new ticket, whichever way it came in (ADR 063). Agents who marked themselves
 * away get none; with nobody available, tickets open unassigned.
 */
export function AssignmentRuleCard() {
  const setting = useQuery(staffQueries.assignmentRule());
  return (
    <Card>
      <CardHeader title="Assignment Rule" />
      <p className="px-5 pt-2 text-sm text-slate-600">
        Applies to every new ticket: from the portal, by e-mail, or placed from unmatched mail.
        Agents set themselves Available or Away in the workspace header; with nobody available, a
        ticket opens unassigned.
      </p>
      <QueryState query={setting} empty="No rule" isEmpty={() => false}>
        {(s) => <RuleForm current={s.rule} />}
      </QueryState>
    </Card>
  );
}
