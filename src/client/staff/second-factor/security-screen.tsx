import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffMember } from '../../../shared/schemas/staff-customers.ts';
import { apiRequest } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { ConfirmDialog, ConfirmItemDialog } from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { PasskeysCard } from '../../auth/passkeys-card.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { useStaffMutation } from '../api.ts';
import { QueryState } from '../query-state.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';
import { newRecoveryCodes, secondFactorStatusQuery } from './second-factor-api.ts';
import { currentUserQuery } from '../../lib/auth.ts';
import { Select } from '../../ui/select.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import {
  staffCan,
  staffRoleLabels,
  staffRoles,
  type StaffRole,
} from '../../../shared/staff-permissions.ts';

const roleOptions = staffRoles.map((role) => ({ value: role, label: staffRoleLabels[role] }));

/** Issue 19: the staff member's own second factor, and resetting a colleague's. */
export function SecurityScreen() {
  return (
    // One column that may shrink below its table's width (the table scrolls, not the page).
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <h1 className="text-2xl font-semibold text-slate-900">Security</h1>
      <OwnSecondFactorCard />
      <PasskeysCard />
      <StaffMembersCard />
    </div>
  );
}

function OwnSecondFactorCard() {
  const status = useQuery(secondFactorStatusQuery());
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const regenerate = useStaffMutation<void, string[]>({
    request: newRecoveryCodes,
    success: 'New recovery codes made',
    failure: 'Failed to make new recovery codes. Please try again.',
    onSuccess: (made) => {
      setCodes(made);
      void queryClient.invalidateQueries({ queryKey: secondFactorStatusQuery().queryKey });
    },
  });
  const s = status.data;
  return (
    <Card>
      <CardHeader title="Your Second Factor" />
      <CardBody className="grid gap-4">
        {s && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-slate-600">Authenticator app</dt>
            <dd>{s.totp ? 'Set up' : 'Not set up'}</dd>
            <dt className="text-slate-600">Passkeys</dt>
            <dd>{s.passkeys}</dd>
            <dt className="text-slate-600">Recovery codes left</dt>
            <dd>{s.recoveryCodesLeft}</dd>
          </dl>
        )}
        {codes ? (
          <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />
        ) : s && !s.totp && s.passkeys === 0 ? (
          // Recovery codes stand in for a factor; with none left there is nothing to back up.
          <p className="text-sm text-slate-600">
            Add a passkey to make recovery codes; without one, your next sign-in asks you to set up
            a second factor again.
          </p>
        ) : (
          <Button
            variant="secondary"
            className="justify-self-start"
            onClick={() => setConfirming(true)}
          >
            New recovery codes
          </Button>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Make new recovery codes?"
        description="Your current recovery codes stop working at once."
        confirmLabel="Make new codes"
        onConfirm={() => regenerate.mutate()}
      />
    </Card>
  );
}

function StaffMembersCard() {
  const members = useQuery(staffQueries.staffMembers());
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // Roles and resets are the admins'; the others see who holds which role (ADR 058).
  const isAdmin = useStaffCan('staffMembers');
  const changeRole = useStaffMutation<{ member: StaffMember; role: StaffRole }>({
    request: ({ member, role }) =>
      apiRequest('PUT', staffUrl(`staff-members/${member.id}/role`), { role }),
    success: 'Role Changed',
    failure: 'Failed to change the role. Please try again.',
    // One's own role changed: the workspace shows what the new one may do.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }),
  });
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  const reset = useStaffMutation<StaffMember>({
    request: (m) => apiRequest('POST', staffUrl(`staff-members/${m.id}/second-factor/reset`)),
    success: 'Second factor reset',
    failure: 'Failed to reset the second factor. Please try again.',
  });
  return (
    <Card>
      <CardHeader title="Staff Members" />
      <p className="px-5 pt-2 pb-4 text-sm text-slate-600">
        Each staff member&apos;s role decides what they may see and change: an admin everything, an
        agent the help desk, billing the invoices, read-only everything without changing it. When a
        colleague loses their phone, reset their second factor: their authenticator app, recovery
        codes and passkeys stop working and they are signed out; at their next sign-in they set up a
        new one. They get an e-mail about it.
      </p>
      <QueryState query={members} empty="No staff members">
        {(rows) => (
          <DataTable
            caption="Staff Members"
            columns={['Name', 'Email', 'Role', 'Availability', ...(isAdmin ? ['Actions'] : [])]}
            wide={['Email']}
          >
            {rows.map((m) => (
              <DataRow key={m.id}>
                <td className={cell}>{m.name}</td>
                <td className={`${cell} wrap-anywhere`}>{m.email}</td>
                <td className={cell}>
                  {isAdmin ? (
                    <Select
                      aria-label={`Role of ${m.name}`}
                      className="min-w-32"
                      value={m.role}
                      options={roleOptions}
                      disabled={changeRole.isPending}
                      onValueChange={(role) =>
                        changeRole.mutate({ member: m, role: role as StaffRole })
                      }
                    />
                  ) : (
                    staffRoleLabels[m.role]
                  )}
                </td>
                <td className={cell}>
                  {!staffCan(m.role, 'helpdesk', 'write')
                    ? '—'
                    : m.available
                      ? 'Available'
                      : 'Away'}
                </td>
                {isAdmin && (
                  <td className={cell}>
                    {m.id === user?.id ? (
                      <span className="text-sm text-slate-500">You</span>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setResetting(m)}
                        aria-label={`Reset second factor of ${m.name}`}
                      >
                        Reset second factor
                      </Button>
                    )}
                  </td>
                )}
              </DataRow>
            ))}
          </DataTable>
        )}
      </QueryState>
      <ConfirmItemDialog
        item={resetting}
        onClose={() => setResetting(null)}
        title="Reset this second factor?"
        description={(m) =>
          `${m.name} will be signed out everywhere and must set up an authenticator app at their next sign-in.`
        }
        confirmLabel="Reset"
        onConfirm={(m) => reset.mutate(m)}
      />
    </Card>
  );
}
