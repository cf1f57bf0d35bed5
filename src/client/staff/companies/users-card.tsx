import { useState } from 'react';
import type { CompanyDetail, CompanyUser } from '../../../shared/schemas/staff-customers.ts';
import { companyRoleLabels, companyRoles, type CompanyRole } from '../../../shared/permissions.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { ConfirmItemDialog } from '../../ui/alert-dialog.tsx';
import { Select } from '../../ui/select.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { ListCard } from '../list-card.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { InviteDialog } from './invite-dialog.tsx';

/**
 * The company's users: invite; change role; deactivate or reactivate their access to this
 * company (the admins' control); deactivate or reactivate the whole account (ends its sessions).
 * Read in pages by name (issue 20), no longer inside the company's detail.
 */
export function UsersCard({ company }: { company: CompanyDetail }) {
  const [inviting, setInviting] = useState(false);
  const [confirming, setConfirming] = useState<CompanyUser | null>(null);
  const users = usePagedList(staffQueries.companyUsers(company.id));
  // Inviting, roles and access are the admins' (ADR 058): the other roles read who is there.
  const canManage = useStaffCan('companies');
  const setActive = useStaffMutation<{ user: CompanyUser; active: boolean }>({
    request: ({ user, active }) => sendJson('PATCH', staffUrl(`users/${user.id}`), { active }),
    success: 'User Updated',
    failure: 'Failed to update user. Please try again.',
  });
  const setAccess = useStaffMutation<{ user: CompanyUser; active: boolean }>({
    request: ({ user, active }) =>
      sendJson('PATCH', staffUrl(`customers/${company.id}/members/${user.id}`), { active }),
    success: 'Access Updated',
    failure: 'Failed to change the access. Please try again.',
  });
  const setRole = useStaffMutation<{ user: CompanyUser; role: CompanyRole }>({
    request: ({ user, role }) =>
      sendJson('PATCH', staffUrl(`customers/${company.id}/members/${user.id}`), { role }),
    success: 'Role Updated',
    failure: 'Failed to change the role. Please try again.',
  });
  return (
    <>
      <ListCard
        title="Users"
        action={canManage && <Button onClick={() => setInviting(true)}>Invite User</Button>}
        pages={users}
        empty="No users yet"
        what="users"
        one="user"
      >
        {(rows) => (
          <DataTable
            caption="Users"
            columns={[
              'Name',
              'Email',
              'Role',
              `In ${company.name}`,
              'Account',
              ...(canManage ? ['Actions'] : []),
            ]}
            wide={['Email']}
          >
            {rows.map((u) => (
              <DataRow key={u.id}>
                <td className={cell}>
                  {u.firstName} {u.lastName}
                </td>
                <td className={cell}>{u.email}</td>
                <td className={cell}>
                  {canManage ? (
                    <Select
                      aria-label={`Role of ${u.email}`}
                      className="h-9 w-36"
                      value={u.role}
                      disabled={setRole.isPending}
                      onValueChange={(role) =>
                        setRole.mutate({ user: u, role: role as CompanyRole })
                      }
                      options={companyRoles.map((r) => ({ value: r, label: companyRoleLabels[r] }))}
                    />
                  ) : (
                    companyRoleLabels[u.role]
                  )}
                </td>
                <td className={cell}>
                  {/* Issue 18: the membership, as the company's admins switch it on their colleagues screen. */}
                  <div className="flex flex-wrap items-center gap-2">
                    {u.memberActive ? (
                      <Badge tone="green">Active</Badge>
                    ) : (
                      <Badge tone="gray">Deactivated</Badge>
                    )}
                    {canManage && (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={setAccess.isPending}
                        onClick={() => setAccess.mutate({ user: u, active: !u.memberActive })}
                        aria-label={`${u.memberActive ? 'Deactivate' : 'Reactivate'} Here: ${u.email}`}
                      >
                        {u.memberActive ? 'Deactivate Here' : 'Reactivate Here'}
                      </Button>
                    )}
                  </div>
                </td>
                <td className={cell}>
                  {u.active ? (
                    <Badge tone="green">Active</Badge>
                  ) : (
                    <Badge tone="gray">Deactivated</Badge>
                  )}
                </td>
                {canManage && (
                  <td className={cell}>
                    {u.active ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        className="whitespace-nowrap"
                        onClick={() => setConfirming(u)}
                        aria-label={`Deactivate Account: ${u.email}`}
                      >
                        Deactivate Account
                      </Button>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        className="whitespace-nowrap"
                        onClick={() => setActive.mutate({ user: u, active: true })}
                        aria-label={`Reactivate Account: ${u.email}`}
                      >
                        Reactivate Account
                      </Button>
                    )}
                  </td>
                )}
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
      <ConfirmItemDialog
        item={confirming}
        onClose={() => setConfirming(null)}
        title="Deactivate this account?"
        description={(u) =>
          `${u.email} will be signed out everywhere and cannot sign in until reactivated.`
        }
        confirmLabel="Deactivate Account"
        onConfirm={(u) => setActive.mutate({ user: u, active: false })}
      />
      {inviting && <InviteDialog company={company} onClose={() => setInviting(false)} />}
    </>
  );
}
