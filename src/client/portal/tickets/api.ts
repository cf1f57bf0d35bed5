import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewTicketInput, Ticket } from '../../../shared/schemas/tickets.ts';
import { sendWithFiles, uploadFailure } from '../../attachments/send-with-files.ts';
import { apiRequest } from '../../lib/api.ts';
import { portalQueries } from '../../lib/portal-queries.ts';

/** After a write the list refetches, and so do the dashboard's counts and recent tickets. */
function useRefreshCompany(companyId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: portalQueries.company(companyId) });
}

/** A message's files (issue 17) and where the upload's progress goes; none: the spec's JSON call. */
type WithFiles = { files?: File[]; onProgress?: (done: number) => void };

/**
 * The spec's body (section 7: subject, description, priority, category, department): `private`
 * goes only when the ticket is private, the server's default being false (review row 169).
 */
const specBody = ({ private: isPrivate, ...spec }: NewTicketInput): NewTicketInput =>
  isPrivate ? { ...spec, private: true } : spec;

export function useCreateTicket(companyId: string) {
  const refresh = useRefreshCompany(companyId);
  const url = `/api/customers/${companyId}/tickets`;
  return useMutation({
    mutationFn: async ({
      input,
      files = [],
      onProgress = () => {},
    }: { input: NewTicketInput } & WithFiles) =>
      files.length > 0
        ? sendWithFiles<Ticket>(url, input, files, onProgress)
        : ((await apiRequest('POST', url, specBody(input))).json() as Promise<Ticket>),
    onSuccess: refresh,
    meta: { failureToast: uploadFailure('Failed to create ticket. Please try again.') },
  });
}

export function useAddReply(companyId: string, ticketId: string) {
  const refresh = useRefreshCompany(companyId);
  const url = `/api/customers/${companyId}/tickets/${ticketId}/replies`;
  return useMutation({
    mutationFn: async ({
      message,
      files = [],
      onProgress = () => {},
    }: { message: string } & WithFiles) =>
      files.length > 0
        ? sendWithFiles<Ticket>(url, { message }, files, onProgress)
        : ((await apiRequest('POST', url, { message })).json() as Promise<Ticket>),
    onSuccess: refresh,
    meta: { failureToast: uploadFailure('Failed to send reply. Please try again.') },
  });
}
