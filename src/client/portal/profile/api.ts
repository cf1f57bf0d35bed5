import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, NotificationPreferences } from '../../../shared/schemas/auth.ts';
import type { ProfileInput } from '../../../shared/schemas/profile.ts';
import type { Site, SiteInput } from '../../../shared/schemas/sites.ts';
import { apiRequest } from '../../lib/api.ts';
import { currentUserKey } from '../../lib/auth.ts';
import { customerKey } from '../tickets/api.ts';

const sitesKey = (customerId: string) => [...customerKey(customerId), 'sites'] as const;

/** Profile and preferences live on the current user: a change refetches it (spec section 7). */
function useRefetchCurrentUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: currentUserKey });
}

export function useUpdateProfile() {
  const refetch = useRefetchCurrentUser();
  return useMutation({
    mutationFn: async (input: ProfileInput) =>
      (await (await apiRequest('PUT', '/api/auth/profile', input)).json()) as CurrentUser,
    onSuccess: refetch,
    meta: { failureToast: 'Failed to update profile. Please try again.' },
  });
}

export function useUpdateNotifications() {
  const refetch = useRefetchCurrentUser();
  return useMutation({
    mutationFn: (prefs: NotificationPreferences) =>
      apiRequest('PUT', '/api/auth/notifications', prefs),
    onSuccess: refetch,
    meta: { failureToast: 'Failed to update notification settings. Please try again.' },
  });
}

export function useSites(customerId: string | undefined) {
  return useQuery<Site[]>({ queryKey: sitesKey(customerId ?? ''), enabled: !!customerId });
}

function useRefetchSites(customerId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sitesKey(customerId) });
}

export function useAddSite(customerId: string) {
  const refetch = useRefetchSites(customerId);
  return useMutation({
    mutationFn: (input: SiteInput) =>
      apiRequest('POST', `/api/customers/${customerId}/sites`, input),
    onSuccess: refetch,
    meta: { failureToast: 'Failed to add site. Please try again.' },
  });
}

export function useDeleteSite(customerId: string) {
  const refetch = useRefetchSites(customerId);
  return useMutation({
    mutationFn: (siteId: string) =>
      apiRequest('DELETE', `/api/customers/${customerId}/sites/${siteId}`),
    onSuccess: refetch,
    meta: { failureToast: 'Failed to delete site. Please try again.' },
  });
}
