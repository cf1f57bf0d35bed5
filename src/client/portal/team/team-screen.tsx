import { useState, type FormEvent } from 'react';
import { companyRoleLabels, companyRoles, type CompanyRole } from '../../../shared/permissions.ts';
import { formatDateTime } from '../../../shared/format.ts';
import {
  teamInviteSchema,
  type Invitation,
  type TeamMember,
} from '../../../shared/schemas/team.ts';
import { useAuth } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';
import { ConfirmItemDialog } from '../../ui/alert-dialog.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { QueryError } from '../shared/query-state.tsx';
import { useCurrentCompany } from '../shared/use-company-query.ts';
import {
  useChangeMember,
  useCompanySignIns,
  useInvitations,
  useInvite,
  refusalText,
  useRevokeInvitation,
  useTeam,
} from './api.ts';
import { SignInLogCard } from '../shared/sign-in-log-card.tsx';
import { SignInPolicyCard } from './sign-in-policy-card.tsx';

const roleOptions = companyRoles.map((r) => ({ value: r, label: companyRoleLabels[r] }));

/** Issue 18: a company admin's colleagues, invitations, roles and sign-in log. */
export function TeamScreen() {
  const company = useCurrentCompany();
  if (!company) return null;
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Colleagues</h1>
        <p className="text-sm text-slate-600">
          Who at {company.name} uses the portal, and what each of them may see.
        </p>
      </div>
      <InviteCard companyId={company.id} />
      <InvitationsCard companyId={company.id} />
      <MembersCard companyId={company.id} />
      <CompanySignIns companyId={company.id} />
      <SignInPolicyCard companyId={company.id} />
    </div>
  );
}

function InviteCard({ companyId }: { companyId: string }) {
  const invite = useInvite(companyId);
  const [role, setRole] = useState<CompanyRole>('member');
  const [email, setEmail] = useState('');
  // Spec section 5: errors under the field, the browser's own bubbles off (review 144, V7).
  const [emailError, setEmailError] = useState<string>();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const checked = teamInviteSchema.shape.email.safeParse(email.trim());
    if (!checked.success) return setEmailError(checked.error.issues[0]?.message);
    setEmailError(undefined);
    invite.mutate(
      { email: checked.data, role },
      {
        onSuccess: () => {
          toast({
            title: 'Invitation sent',
            description: `${checked.data} joins once they accept the invitation we e-mailed.`,
          });
          setEmail('');
        },
        onError: (error) => setEmailError(refusalText(error)),
      },
    );
  };
  return (
    <Card role="region" aria-label="Invite a Colleague">
      <CardHeader title="Invite a Colleague" />
      <CardBody>
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-start"
        >
          <FormField label="Email address" required error={emailError}>
            <Input
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
          <FormField label="Role">
            <RoleSelect value={role} onChange={setRole} />
          </FormField>
          {/* Level with the fields, under their labels' line. */}
          <Button type="submit" disabled={invite.isPending} className="sm:mt-[1.625rem]">
            {invite.isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
        </form>
        <p className="mt-2 text-xs text-slate-600">
          They join once they accept the invitation we e-mail them (the link works for 7 days).
          Billing sees invoices; technical sees all tickets and projects; members see their own
          tickets.
        </p>
      </CardBody>
    </Card>
  );
}

/** Review N3: who was invited and has not accepted yet; only the address, never an account's data. */
function InvitationsCard({ companyId }: { companyId: string }) {
  const invitations = useInvitations(companyId);
  const revoke = useRevokeInvitation(companyId);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  // The time the screen opened: an invitation expiring while it is open is marked on the next visit.
  const [openedAt] = useState(() => Date.now());
  if (!invitations.data?.length) return null;
  return (
    <Card role="region" aria-label="Pending Invitations">
      <CardHeader title="Pending Invitations" />
      <CardBody>
        <ul className="divide-y divide-slate-200" aria-label="Pending Invitations">
          {invitations.data.map((i) => {
            const expired = Date.parse(i.expiresAt) <= openedAt;
            return (
              <li
                key={i.id}
                className="grid gap-2 py-3 md:grid-cols-[1fr_8rem_14rem_auto] md:items-center"
              >
                <p className="font-medium wrap-anywhere text-slate-900">{i.email}</p>
                <p className="text-sm text-slate-700">{companyRoleLabels[i.role]}</p>
                <p className="text-xs text-slate-600">
                  {i.invitedBy ? `Invited by ${i.invitedBy}, ` : 'Invited '}
                  {formatDateTime(i.sentAt)}
                  <span className="block">
                    {expired ? (
                      <Badge tone="gray">Expired</Badge>
                    ) : (
                      `Link works until ${formatDateTime(i.expiresAt)}`
                    )}
                  </span>
                </p>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={revoke.isPending}
                  onClick={() => setRevoking(i)}
                >
                  Withdraw<span className="sr-only"> the invitation of {i.email}</span>
                </Button>
              </li>
            );
          })}
        </ul>
        <p className="mt-2 text-xs text-slate-600">To send a new link, invite the address again.</p>
      </CardBody>
      <ConfirmItemDialog
        item={revoking}
        onClose={() => setRevoking(null)}
        title="Withdraw this invitation?"
        description={(i) => `The link we e-mailed to ${i.email} stops working.`}
        confirmLabel="Withdraw"
        onConfirm={(i) => revoke.mutate(i.id)}
      />
    </Card>
  );
}

function MembersCard({ companyId }: { companyId: string }) {
  const team = useTeam(companyId);
  const change = useChangeMember(companyId);
  const { user } = useAuth();
  const company = useCurrentCompany();
  // Review V5: deactivating asks first, as deleting a site does; every change is confirmed.
  const [deactivating, setDeactivating] = useState<TeamMember | null>(null);
  const nameOf = (m: TeamMember) => `${m.firstName} ${m.lastName}`.trim();
  const setActive = (m: TeamMember, active: boolean) =>
    change.mutate(
      { userId: m.userId, change: { active } },
      {
        onSuccess: () =>
          toast({ title: active ? `${nameOf(m)} reactivated` : `${nameOf(m)} deactivated` }),
      },
    );
  return (
    <Card role="region" aria-label="Colleagues">
      <CardHeader title="Colleagues" />
      <CardBody>
        {team.isPending ? (
          <Skeleton className="h-32" />
        ) : team.isError ? (
          <QueryError error={team.error} what="colleagues" onRetry={() => void team.refetch()} />
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Colleagues">
            {team.data.map((m) => (
              <MemberRow
                key={m.userId}
                member={m}
                isYou={m.userId === user?.id}
                busy={change.isPending}
                onRole={(role) =>
                  change.mutate(
                    { userId: m.userId, change: { role } },
                    {
                      onSuccess: () =>
                        toast({
                          title: 'Role changed',
                          description: `${nameOf(m)} is now ${companyRoleLabels[role]}.`,
                        }),
                    },
                  )
                }
                onActive={(active) => (active ? setActive(m, true) : setDeactivating(m))}
              />
            ))}
          </ul>
        )}
      </CardBody>
      <ConfirmItemDialog
        item={deactivating}
        onClose={() => setDeactivating(null)}
        title={deactivating ? `Deactivate ${nameOf(deactivating)}?` : ''}
        description={(m) =>
          `${nameOf(m)} can no longer open ${company?.name ?? 'this company'} in the portal. You can reactivate them later.`
        }
        confirmLabel="Deactivate"
        onConfirm={(m) => setActive(m, false)}
      />
    </Card>
  );
}

function MemberRow({
  member: m,
  isYou,
  busy,
  onRole,
  onActive,
}: {
  member: TeamMember;
  isYou: boolean;
  busy: boolean;
  onRole: (role: CompanyRole) => void;
  onActive: (active: boolean) => void;
}) {
  const name = `${m.firstName} ${m.lastName}`.trim();
  return (
    // A fixed last column: one's own row has no button, and its role and status stayed in line
    // with the other rows' only while it had one.
    // From 640 px two columns (the name and address keep a whole line's half at 768 px), from
    // 1024 px one line.
    <li className="grid gap-3 py-3 sm:grid-cols-2 sm:items-center lg:grid-cols-[1fr_10rem_12rem_7rem]">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {name}
          {isYou && <span className="font-normal text-slate-600"> (you)</span>}
        </p>
        {/* Whole, wrapped anywhere: a truncated address cannot be told apart at 768 px. */}
        <p className="text-sm wrap-anywhere text-slate-600">{m.email}</p>
      </div>
      <RoleSelect value={m.role} onChange={onRole} disabled={busy} aria-label={`Role of ${name}`} />
      <div className="text-sm text-slate-700">
        <Badge tone={m.active ? 'green' : 'gray'}>{m.active ? 'Active' : 'Deactivated'}</Badge>
        <span className="block text-xs text-slate-600">
          {m.lastSignInAt ? (
            <>
              Last sign-in{' '}
              <span className="whitespace-nowrap">{formatDateTime(m.lastSignInAt)}</span>
            </>
          ) : (
            'Never signed in'
          )}
        </span>
      </div>
      {/* One's own access ends by leaving the company (Profile), not here. */}
      {!isYou && (
        <Button
          variant="secondary"
          size="sm"
          className="justify-self-start sm:justify-self-end lg:justify-self-stretch"
          disabled={busy}
          onClick={() => onActive(!m.active)}
        >
          {m.active ? 'Deactivate' : 'Reactivate'}
          <span className="sr-only"> {name}</span>
        </Button>
      )}
    </li>
  );
}

function CompanySignIns({ companyId }: { companyId: string }) {
  const log = useCompanySignIns(companyId);
  return <SignInLogCard title="Sign-in Log" entries={log.data} isPending={log.isPending} showWho />;
}

/** The portal's own select (review V7: these two were native ones). */
function RoleSelect({
  value,
  onChange,
  ...rest
}: {
  value: CompanyRole;
  onChange: (role: CompanyRole) => void;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}) {
  return (
    <Select
      {...rest}
      value={value}
      onValueChange={(v) => onChange(v as CompanyRole)}
      options={roleOptions}
    />
  );
}
