import { sql } from 'drizzle-orm';
import type { WebhookDelivery } from '../../../shared/schemas/webhooks.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { webhookDeliveries } from '../../db/schema.ts';

/**
 * One endpoint's delivery log in pages (issue 20), newest first
 * (`webhook_deliveries_endpoint_idx`); the route's `where` and the cursor's scope are the
 * endpoint. `q` on the event type, `status` a filter.
 */
export const deliveryPages: PagedList<WebhookDelivery, 'status'> = {
  name: 'staff-webhook-deliveries',
  from: sql`${webhookDeliveries}`,
  scope: webhookDeliveries.endpointId,
  row: () => ({
    id: webhookDeliveries.id,
    type: webhookDeliveries.type,
    status: webhookDeliveries.status,
    attempts: webhookDeliveries.attempts,
    responseCode: webhookDeliveries.responseCode,
    responseMs: webhookDeliveries.responseMs,
    lastError: webhookDeliveries.lastError,
    createdAt: isoTimestamp(webhookDeliveries.createdAt),
    lastAttemptAt: isoTimestamp(webhookDeliveries.lastAttemptAt),
    // Only a delivery still to be tried has a next attempt.
    nextAttemptAt: sql`case when ${webhookDeliveries.status} = 'pending' then ${isoTimestamp(webhookDeliveries.nextAttemptAt)} end`,
  }),
  order: [
    { expr: webhookDeliveries.createdAt, desc: true, type: 'timestamptz' },
    { expr: webhookDeliveries.id, desc: true, type: 'uuid' },
  ],
  search: webhookDeliveries.type,
  filters: { status: webhookDeliveries.status },
};
