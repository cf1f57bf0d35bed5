import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '../../lib/api.ts';
import { quoteSchema, type Quote, type QuoteAccept } from '../../../shared/schemas/quotes.ts';

const quoteUrl = (companyId: string, quoteId: string) =>
  `/api/customers/${companyId}/quotes/${quoteId}`;

/** The exact document the customer signs: the stored PDF, byte for byte. */
export const quotePdfUrl = (companyId: string, quoteId: string) =>
  `${quoteUrl(companyId, quoteId)}/pdf`;
export const signedQuotePdfUrl = (companyId: string, quoteId: string) =>
  `${quoteUrl(companyId, quoteId)}/signed-pdf`;

const key = (companyId: string, quoteId: string) => ['portal-quote', companyId, quoteId];

export function useQuote(companyId: string | undefined, quoteId: string) {
  return useQuery({
    queryKey: key(companyId ?? '', quoteId),
    queryFn: () => getJson(quoteUrl(companyId ?? '', quoteId), quoteSchema),
    enabled: !!companyId,
  });
}

/** Accept or decline; the answer is the quote as it now stands. */
export function useQuoteDecision(companyId: string, quoteId: string) {
  const queryClient = useQueryClient();
  const settle = (quote: Quote) => queryClient.setQueryData(key(companyId, quoteId), quote);
  const post = async (action: 'accept' | 'decline', body: unknown) =>
    quoteSchema.parse(
      await (await apiRequest('POST', `${quoteUrl(companyId, quoteId)}/${action}`, body)).json(),
    );
  return {
    accept: useMutation({
      mutationFn: (body: QuoteAccept) => post('accept', body),
      onSuccess: settle,
    }),
    decline: useMutation({
      mutationFn: (reason: string) => post('decline', { reason }),
      onSuccess: settle,
    }),
    reload: () => queryClient.invalidateQueries({ queryKey: key(companyId, quoteId) }),
  };
}
