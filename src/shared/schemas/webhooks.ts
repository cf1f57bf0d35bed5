import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';

/** Every domain event a write records (issue 21); webhooks subscribe to these names. */
export const domainEventTypes = [
  'invoice.created',
  'invoice.overdue',
  'invoice.paid',
  'invoice.void',
  'quote.sent',
  'quote.accepted',
  'quote.declined',
  'project.status_changed',
  'milestone.completed',
  'ticket.created',
  'ticket.replied',
  'ticket.closed',
  'document.added',
  'maintenance.scheduled',
  'incident.created',
  'incident.updated',
  'incident.resolved',
  'agreement.low_balance',
  'agreement.renewal_due',
] as const;
export type DomainEventType = (typeof domainEventTypes)[number];
/** Sent by the "Send test event" button only; never recorded by a write. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_MAX_ENDPOINTS = 50;

export const WEBHOOK_MESSAGES = {
  url: 'Enter a valid URL starting with https://',
  httpsOnly: 'Webhook URLs must start with https://',
  events: 'Choose at least one event',
  privateAddress:
    'This URL points to a private, loopback or link-local address; webhooks may only be sent to the public internet',
  unresolvable: 'The host name of this URL could not be resolved',
  credentials: 'Webhook URLs may not contain a user name or password',
  tooMany: `There are ${WEBHOOK_MAX_ENDPOINTS} webhooks already; delete one first`,
  notFound: 'Webhook not found',
} as const;

export const webhookInputSchema = z.object({
  url: z
    .string({ message: WEBHOOK_MESSAGES.url })
    .trim()
    .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.url)
    .refine((v) => {
      try {
        return ['http:', 'https:'].includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, WEBHOOK_MESSAGES.url),
  events: z
    .array(z.enum(domainEventTypes, { message: WEBHOOK_MESSAGES.events }), {
      message: WEBHOOK_MESSAGES.events,
    })
    .min(1, WEBHOOK_MESSAGES.events)
    .max(domainEventTypes.length),
  active: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
  /** The last delivery's outcome, for the list. */
  lastDelivery: z
    .object({ status: z.string(), responseCode: z.number().nullable(), at: z.string() })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** Creating an endpoint (or revealing its secret) is the only answer carrying the secret. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.string(),
  type: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number(),
  responseCode: z.number().nullable(),
  responseMs: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
/** An endpoint's delivery log page (issue 20): `limit`, `cursor`, `q` on the event, `status`. */
export const webhookDeliveryQuerySchema = pageQuerySchema({ status: webhookDeliveryStatuses });
