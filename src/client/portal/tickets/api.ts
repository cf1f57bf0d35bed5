import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewTicketInput, Ticket } from '../../../shared/schemas/tickets.ts';
import { apiRequest } from '../../lib/api.ts';

/** Every query of one company starts with this key, so a write can refresh them all. */
export const customerKey = (customerId: string) => ['/api/customers', customerId] as const;

/** After a write the list refetches, and so do the dashboard's counts and recent tickets. */
function useRefreshCustomer(customerId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: customerKey(customerId) });
}

export function useCreateTicket(customerId: string) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: async (input: NewTicketInput) =>
      (
        await apiRequest('POST', `/api/customers/${customerId}/tickets`, input)
      ).json() as Promise<Ticket>,
    onSuccess: refresh,
    meta: { failureToast: 'Failed to create ticket. Please try again.' },
  });
}

export function useAddReply(customerId: string, ticketId: string) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: async (message: string) =>
      (
        await apiRequest('POST', `/api/customers/${customerId}/tickets/${ticketId}/replies`, {
          message,
        })
      ).json() as Promise<Ticket>,
    onSuccess: refresh,
    meta: { failureToast: 'Failed to send reply. Please try again.' },
  });
}
