// Webhook endpoints staff register (issue 21): every change audited, the signing secret shown
// once, URLs checked against the address policy before they are saved.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookWithSecret,
} from '../../shared/schemas/webhooks.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import { checkWebhookUrl, WebhookAddressError, type WebhookPolicy } from './webhook-address.ts';
import { encryptSecret, newWebhookSecret } from './secret-box.ts';

type Input = { url: string; events: string[]; active: boolean };
/** A URL that passed `acceptedWebhookUrl`; the type keeps an unchecked one out of the table. */
export type AcceptedUrl = string & { readonly accepted: unique symbol };

// The outer row named in full: Drizzle writes a one-table select's columns unqualified.
const lastDelivery = sql<{ status: string; responseCode: number | null; at: string } | null>`(
  select json_build_object('status', d.status, 'responseCode', d.response_code,
    'at', coalesce(d.last_attempt_at, d.created_at))
  from webhook_deliveries d where d.endpoint_id = "webhook_endpoints"."id"
  order by d.created_at desc limit 1)`;

const columns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  createdAt: webhookEndpoints.createdAt,
  lastDelivery,
};

const toWebhook = (row: {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  createdAt: Date;
  lastDelivery: { status: string; responseCode: number | null; at: string } | null;
}): Webhook => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastDelivery: row.lastDelivery
    ? { ...row.lastDelivery, at: new Date(row.lastDelivery.at).toISOString() }
    : null,
});

/**
 * The URL as it will be stored, or a 400 with the reason. Called before the write's
 * transaction: a slow DNS answer must not hold a database connection (PGlite has one).
 */
export async function acceptedWebhookUrl(raw: string, policy: WebhookPolicy): Promise<AcceptedUrl> {
  try {
    return (await checkWebhookUrl(raw, policy)).toString() as AcceptedUrl;
  } catch (err) {
    if (err instanceof WebhookAddressError) throw badRequest(err.message);
    throw badRequest(WEBHOOK_MESSAGES.url);
  }
}

export async function listWebhooks(db: Db): Promise<Webhook[]> {
  const rows = await db
    .select(columns)
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(toWebhook);
}

async function loadWebhook(db: Db | Tx, id: string): Promise<Webhook> {
  const [row] = await db.select(columns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  return toWebhook(row);
}

/** Registers an endpoint; the answer is the only place its secret is ever shown. */
export async function createWebhook(
  tx: Tx,
  actor: Actor,
  input: Input & { url: AcceptedUrl },
  sessionSecrets: string[],
): Promise<WebhookWithSecret> {
  const { url } = input;
  const [existing] = await tx.select({ n: count() }).from(webhookEndpoints);
  if ((existing?.n ?? 0) >= WEBHOOK_MAX_ENDPOINTS) throw conflict(WEBHOOK_MESSAGES.tooMany);
  const secret = newWebhookSecret();
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({
      url,
      events: input.events,
      active: input.active,
      secretCipher: encryptSecret(secret, sessionSecrets),
    })
    .returning({ id: webhookEndpoints.id });
  if (!row) throw new Error('webhook not created');
  await recordAudit(tx, actor, {
    action: 'webhook.create',
    entityType: 'webhook',
    entityId: row.id,
    customerId: null,
    details: { url, events: input.events, active: input.active },
  });
  return { ...(await loadWebhook(tx, row.id)), secret };
}

export async function updateWebhook(
  tx: Tx,
  actor: Actor,
  id: string,
  input: Input & { url: AcceptedUrl },
): Promise<Webhook> {
  const { url } = input;
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ url, events: input.events, active: input.active, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, id))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  await recordAudit(tx, actor, {
    action: 'webhook.update',
    entityType: 'webhook',
    entityId: id,
    customerId: null,
    details: { url, events: input.events, active: input.active },
  });
  return loadWebhook(tx, id);
}

/** Deletes the endpoint and, with it, its delivery log and anything still queued for it. */
export async function deleteWebhook(tx: Tx, actor: Actor, id: string): Promise<void> {
  const [row] = await tx
    .delete(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .returning({ url: webhookEndpoints.url });
  if (!row) throw notFound(WEBHOOK_MESSAGES.notFound);
  await recordAudit(tx, actor, {
    action: 'webhook.delete',
    entityType: 'webhook',
    entityId: id,
    customerId: null,
    details: { url: row.url },
  });
}

/** Queues a `webhook.test` delivery to this endpoint only (active or not). */
export async function sendTestEvent(tx: Tx, actor: Actor, id: string): Promise<void> {
  const [endpoint] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id));
  if (!endpoint) throw notFound(WEBHOOK_MESSAGES.notFound);
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({ endpointId: id, type: WEBHOOK_TEST_EVENT, body: '' })
    .returning({ id: webhookDeliveries.id, createdAt: webhookDeliveries.createdAt });
  if (!delivery) throw new Error('test delivery not queued');
  const body = JSON.stringify({
    id: delivery.id,
    type: WEBHOOK_TEST_EVENT,
    createdAt: delivery.createdAt.toISOString(),
    customerId: null,
    data: { message: 'A test event sent from the staff workspace', sentBy: actor.name },
  });
  await tx.update(webhookDeliveries).set({ body }).where(eq(webhookDeliveries.id, delivery.id));
  await recordAudit(tx, actor, {
    action: 'webhook.test',
    entityType: 'webhook',
    entityId: id,
    customerId: null,
  });
}

/** A 404 with the webhook message unless the endpoint exists (its delivery log's route). */
export async function requireWebhook(db: Db, id: string): Promise<void> {
  await loadWebhook(db, id);
}
