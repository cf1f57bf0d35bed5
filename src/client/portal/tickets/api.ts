import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewTicketInput, Ticket } from '../../../shared/schemas/tickets.ts';
import { apiRequest } from '../../lib/api.ts';
import { portalQueries } from '../../lib/portal-queries.ts';

/** After a write the list refetches, and so do the dashboard's counts and recent tickets. */
function useRefreshCompany(companyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: portalQueries.company(companyId) });
}

export function useCreateTicket(companyId: string) {
  const refresh = useRefreshCompany(companyId);
  return useMutation({
    mutationFn: async (input: NewTicketInput) =>
      (
        await apiRequest('POST', `/api/customers/${companyId}/tickets`, input)
      ).json() as Promise<Ticket>,
    onSuccess: refresh,
    meta: { failureToast: 'Failed to create ticket. Please try again.' },
  });
}

export function useAddReply(companyId: string, ticketId: string) {
  const refresh = useRefreshCompany(companyId);
  return useMutation({
    mutationFn: async (message: string) =>
      (
        await apiRequest('POST', `/api/customers/${companyId}/tickets/${ticketId}/replies`, {
          message,
        })
      ).json() as Promise<Ticket>,
    onSuccess: refresh,
    meta: { failureToast: 'Failed to send reply. Please try again.' },
  });
}
