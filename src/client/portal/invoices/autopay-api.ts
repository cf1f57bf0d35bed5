import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest, getJson } from '../../lib/api.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { toast } from '../../lib/toast.ts';

const autopayQuery = (companyId: string) =>
  queryOptions({
    queryKey: [...portalQueries.company(companyId), 'autopay'] as const,
    // The schema's code loads beside the read (issue 42).
    queryFn: () =>
      getJson(`/api/customers/${companyId}/autopay`, () =>
        import('../../../shared/schemas/autopay.ts').then((m) => m.autopaySchema),
      ),
  });

export const useAutopay = (companyId: string) => useQuery(autopayQuery(companyId));

/** Where the browser goes to save a card or bank account: Stripe Checkout, in setup mode. */
export const autopaySetupUrl = (companyId: string) => `/api/customers/${companyId}/autopay/setup`;

export function useSetAutopay(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autopay: boolean) =>
      apiRequest('PUT', `/api/customers/${companyId}/autopay`, { autopay }),
    onSuccess: async (_res, autopay) => {
      await queryClient.invalidateQueries({ queryKey: autopayQuery(companyId).queryKey });
      toast({ title: autopay ? 'Autopay turned on' : 'Autopay turned off' });
    },
    onError: (error: Error) =>
      toast({
        title: 'Error',
        description:
          error instanceof ApiError && error.serverMessage
            ? error.serverMessage
            : 'Please try again.',
        variant: 'destructive',
      }),
  });
}
