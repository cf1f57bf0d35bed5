import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signInLogSchema } from '../../../shared/schemas/auth.ts';
import {
  invitationListSchema,
  teamListSchema,
  type TeamInputRole,
  type TeamMemberChange,
} from '../../../shared/schemas/team.ts';
import { signInPolicySchema, type SignInPolicy } from '../../../shared/schemas/sso.ts';
import { ApiError, apiRequest, getJson } from '../../lib/api.ts';
import { currentUserQuery } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';

const teamQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['/api/customers', companyId, 'team'] as const,
    queryFn: () => getJson(`/api/customers/${companyId}/team`, teamListSchema),
  });

export const useTeam = (companyId: string) => useQuery(teamQuery(companyId));

const invitationsQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['/api/customers', companyId, 'team', 'invitations'] as const,
    queryFn: () => getJson(`/api/customers/${companyId}/team/invitations`, invitationListSchema),
  });

/** Invitations not yet accepted (review N3): the address, never an account's data. */
export const useInvitations = (companyId: string) => useQuery(invitationsQuery(companyId));

export const useCompanySignIns = (companyId: string) =>
  useQuery({
    queryKey: ['/api/customers', companyId, 'sign-ins'] as const,
    queryFn: () => getJson(`/api/customers/${companyId}/sign-ins`, signInLogSchema),
  });

/** The server's own words on a refused change (last admin, already a member, daily limit). */
export const refusalText = (error: Error) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.';

/** A failure toast as every portal screen titles it (spec section 8: 'Error', destructive). */
const refusal = (error: Error) =>
  toast({ title: 'Error', description: refusalText(error), variant: 'destructive' });

function useRefresh(companyId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: teamQuery(companyId).queryKey });
    // The signed-in admin's own role may be what changed.
    await queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
  };
}

export function useInvite(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role: TeamInputRole }) =>
      apiRequest('POST', `/api/customers/${companyId}/team`, input),
    // Its refusals (already a member, the daily limit) show under the e-mail field.
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: invitationsQuery(companyId).queryKey }),
  });
}

export function useRevokeInvitation(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest('DELETE', `/api/customers/${companyId}/team/invitations/${invitationId}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invitationsQuery(companyId).queryKey });
      toast({ title: 'Invitation withdrawn' });
    },
    onError: refusal,
  });
}

export function useChangeMember(companyId: string) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: TeamMemberChange }) =>
      apiRequest('PATCH', `/api/customers/${companyId}/team/${userId}`, change),
    onSuccess: refresh,
    onError: refusal,
  });
}

const policyQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['/api/customers', companyId, 'team', 'sign-in-policy'] as const,
    queryFn: () => getJson(`/api/customers/${companyId}/team/sign-in-policy`, signInPolicySchema),
  });

/** The company sign-in policy (issue 19, ADR 042). */
export const useSignInPolicy = (companyId: string) => useQuery(policyQuery(companyId));

export function useSetSignInPolicy(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: SignInPolicy) =>
      apiRequest('PUT', `/api/customers/${companyId}/team/sign-in-policy`, { policy }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: policyQuery(companyId).queryKey });
      toast({ title: 'Sign-in policy updated' });
    },
    onError: refusal,
  });
}
