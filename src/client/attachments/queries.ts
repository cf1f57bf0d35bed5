import { queryOptions } from '@tanstack/react-query';
import { ticketAttachmentSchema } from '../../shared/schemas/ticket-attachments.ts';
import { getJson } from '../lib/api.ts';
import { portalQueries } from '../lib/portal-queries.ts';
import { staffQueries, staffUrl } from '../lib/staff-queries.ts';
import type { AttachmentUrl } from './attachment-url.ts';

const list = ticketAttachmentSchema.array();

/**
 * A ticket's files, read beside the ticket (issue 17). The keys start with the door's own,
 * so the writes that refresh a company's reads (portal) or every staff read refresh these too.
 */
export const attachmentQueries = {
  portal: (companyId: string, ticketId: string) =>
    queryOptions({
      queryKey: [...portalQueries.company(companyId), 'tickets', ticketId, 'attachments'] as const,
      queryFn: () => getJson(`/api/customers/${companyId}/tickets/${ticketId}/attachments`, list),
    }),
  staff: (ticketId: string) =>
    queryOptions({
      queryKey: [...staffQueries.all, `tickets/${ticketId}/attachments`] as const,
      queryFn: () => getJson(staffUrl(`tickets/${ticketId}/attachments`), list),
    }),
};

export const portalAttachmentUrl =
  (companyId: string, ticketId: string): AttachmentUrl =>
  (id, variant) =>
    `/api/customers/${companyId}/tickets/${ticketId}/attachments/${id}${variant === 'file' ? '' : `?variant=${variant}`}`;

export const staffAttachmentUrl =
  (ticketId: string): AttachmentUrl =>
  (id, variant) =>
    staffUrl(`tickets/${ticketId}/attachments/${id}`, variant === 'file' ? {} : { variant });
