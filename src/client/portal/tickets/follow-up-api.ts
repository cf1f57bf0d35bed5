import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketFollowUpSchema } from '../../../shared/schemas/follow-up.ts';
import { ApiError, apiRequest, getJson } from '../../lib/api.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { toast } from '../../lib/toast.ts';

const ticketUrl = (companyId: string, ticketId: string) =>
  `/api/customers/${companyId}/tickets/${ticketId}`;

/** What the customer may do with the ticket now (ADR 061), refreshed by every company write. */
export const followUpQuery = (companyId: string, ticketId: string) =>
  queryOptions({
    queryKey: [...portalQueries.company(companyId), 'tickets', ticketId, 'follow-up'] as const,
    queryFn: () => getJson(`${ticketUrl(companyId, ticketId)}/follow-up`, ticketFollowUpSchema),
  });

/**
 * Reopen a closed ticket or mark a pending one resolved; the server's refusal is shown as is.
 * The toast is the hook's, not the call's: the button that asked is gone once the status moves.
 */
export function useFollowUpAction(companyId: string, ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'reopen' | 'resolve') =>
      apiRequest('POST', `${ticketUrl(companyId, ticketId)}/${action}`),
    onSuccess: (_res, action) => {
      toast({ title: action === 'reopen' ? 'Ticket Reopened' : 'Ticket Resolved' });
      return queryClient.invalidateQueries({ queryKey: portalQueries.company(companyId) });
    },
    meta: {
      failureToast: (error: Error) =>
        (error instanceof ApiError && error.status < 500 && error.serverMessage) ||
        'Failed to update the ticket. Please try again.',
    },
  });
}
