import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, NotificationPreferences } from '../../../shared/schemas/auth.ts';
import type { ProfileInput } from '../../../shared/schemas/profile.ts';
import type { SiteInput } from '../../../shared/schemas/sites.ts';
import type { NotificationDelivery } from '../../../shared/schemas/notifications.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { currentUserQuery } from '../../lib/auth.ts';
import { portalQueries } from '../../lib/portal-queries.ts';

/** Profile and preferences live on the current user: a change refetches it (spec section 7). */
function useRefetchCurrentUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
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

const deliveryKey = ['notification-delivery'] as const;

/** Issue 21: notification mails one by one or as a daily digest (beside the six switches). */
export function useNotificationDelivery() {
  return useQuery({
    queryKey: deliveryKey,
    queryFn: async () =>
      (await (await apiRequest('GET', '/api/auth/notifications/delivery')).json()) as {
        delivery: NotificationDelivery;
      },
  });
}

export function useUpdateNotificationDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (delivery: NotificationDelivery) =>
      (await (
        await apiRequest('PUT', '/api/auth/notifications/delivery', { delivery })
      ).json()) as {
        delivery: NotificationDelivery;
      },
    onSuccess: (saved) => queryClient.setQueryData(deliveryKey, saved),
    meta: { failureToast: 'Failed to update notification settings. Please try again.' },
  });
}

export function useSites(companyId: string) {
  return useQuery(portalQueries.sites(companyId));
}

function useRefetchSites(companyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: portalQueries.sites(companyId).queryKey });
}

export function useAddSite(companyId: string) {
  const refetch = useRefetchSites(companyId);
  return useMutation({
    mutationFn: (input: SiteInput) =>
      apiRequest('POST', `/api/customers/${companyId}/sites`, input),
    onSuccess: refetch,
    meta: { failureToast: 'Failed to add site. Please try again.' },
  });
}

export function useDeleteSite(companyId: string) {
  const refetch = useRefetchSites(companyId);
  return useMutation({
    mutationFn: (siteId: string) =>
      apiRequest('DELETE', `/api/customers/${companyId}/sites/${siteId}`),
    onSuccess: refetch,
    meta: { failureToast: 'Failed to delete site. Please try again.' },
  });
}

/** Review N3: a member leaves a company of their own accord (not the last admin: 409). */
export function useLeaveCompany() {
  const refetch = useRefetchCurrentUser();
  return useMutation({
    mutationFn: (companyId: string) =>
      apiRequest('DELETE', `/api/customers/${companyId}/membership`),
    onSuccess: refetch,
    meta: {
      failureToast: (error: Error) =>
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : 'Failed to leave the company. Please try again.',
    },
  });
}
