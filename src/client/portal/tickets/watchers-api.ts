import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ticketRatingStateSchema,
  type RateTicketInput,
} from '../../../shared/schemas/satisfaction.ts';
import { ticketWatchersSchema } from '../../../shared/schemas/ticket-watchers.ts';
import { ApiError, apiRequest, getJson } from '../../lib/api.ts';
import { portalQueries } from '../../lib/portal-queries.ts';

const ticketUrl = (companyId: string, ticketId: string) =>
  `/api/customers/${companyId}/tickets/${ticketId}`;

/** Issue 17's reads of one ticket, under the company key so every write refreshes them. */
export const ticketExtraQueries = {
  watchers: (companyId: string, ticketId: string) =>
    queryOptions({
      queryKey: [...portalQueries.company(companyId), 'tickets', ticketId, 'watchers'] as const,
      queryFn: () => getJson(`${ticketUrl(companyId, ticketId)}/watchers`, ticketWatchersSchema),
    }),
  rating: (companyId: string, ticketId: string) =>
    queryOptions({
      queryKey: [...portalQueries.company(companyId), 'tickets', ticketId, 'rating'] as const,
      queryFn: () => getJson(`${ticketUrl(companyId, ticketId)}/rating`, ticketRatingStateSchema),
    }),
};

/** The server's message for a refusal the user can act on (409, 400), else a fallback. */
const messageOr = (fallback: string) => (error: Error) =>
  (error instanceof ApiError && error.status < 500 && error.serverMessage) || fallback;

function useRefresh(companyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: portalQueries.company(companyId) });
}

export function useWatcherChange(companyId: string, ticketId: string) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: async ({ userId, remove }: { userId: string; remove?: boolean }) =>
      remove
        ? apiRequest('DELETE', `${ticketUrl(companyId, ticketId)}/watchers/${userId}`)
        : apiRequest('POST', `${ticketUrl(companyId, ticketId)}/watchers`, { userId }),
    onSuccess: refresh,
    meta: { failureToast: messageOr('Failed to update colleagues in copy. Please try again.') },
  });
}

export function useRateTicket(companyId: string, ticketId: string) {
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: async (input: RateTicketInput) =>
      apiRequest('PUT', `${ticketUrl(companyId, ticketId)}/rating`, input),
    onSuccess: refresh,
    meta: { failureToast: messageOr('Failed to save your rating. Please try again.') },
  });
}
