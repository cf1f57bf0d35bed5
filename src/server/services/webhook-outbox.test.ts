import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { startReceiver } from '../test/webhook-receiver.ts';
import { recordEvent } from './domain-events.ts';
import type { WebhookPolicy } from './webhook-address.ts';
import { WebhookOutbox, type WebhookOutboxOptions } from './webhook-outbox.ts';
import { encryptSecret } from './secret-box.ts';
import { verifyWebhookSignature } from './webhook-signature.ts';

const SECRET = 'whsec_test-secret-for-the-receiver';
const LOCAL: WebhookPolicy = { allowPrivate: true, httpsOnly: false };

// Issue 21 item 4: deliveries to a real HTTP receiver, signed, retried, never into private networks.
describe('the webhook outbox', () => {
  let t: TestApp;
  const receiver = startReceiver();
  let r: Awaited<typeof receiver>;
  beforeAll(async () => {
    t = await createTestApp();
    r = await receiver;
  });
  afterAll(async () => {
    await r.close();
    await t.close();
  });

  const outbox = (options: Partial<WebhookOutboxOptions> = {}) =>
    new WebhookOutbox(
      t.app.db,
      {
        policy: LOCAL,
        sessionSecrets: t.config.sessionSecrets,
        pollMs: 1000,
        timeoutMs: 2000,
        ...options,
      },
      t.app.log,
    );

  async function endpoint(url: string, events = ['invoice.paid']) {
    const [row] = await t.app.db
      .insert(webhookEndpoints)
      .values({ url, events, secretCipher: encryptSecret(SECRET, t.config.sessionSecrets) })
      .returning();
    return row!;
  }

  async function event(n = 1) {
    await t.app.db.transaction(async (tx) => {
      for (let i = 0; i < n; i++) {
        await recordEvent(tx, {
          type: 'invoice.paid',
          customerId: null,
          entityId: `inv-${i}`,
          data: { number: `INV-${i}` },
        });
      }
    });
  }

  const deliveriesOf = (endpointId: string) =>
    t.app.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  /** Makes every pending row due now, as the backoff would after its wait. */
  const makeDue = () =>
    t.app.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(webhookDeliveries.status, 'pending'));
  // Each test starts with no active endpoint: earlier tests' endpoints (a failed one's too)
  // get none of its events.
  beforeEach(() => t.app.db.update(webhookEndpoints).set({ active: false }));

  it('POSTs the event as JSON with a signature the receiver verifies', async () => {
    r.received.length = 0;
    r.respond((_req, res) => res.end('thanks'));
    const ep = await endpoint(r.url);
    await event();
    expect(await outbox().flush()).toBe(1);
    const got = r.received.at(-1)!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-webhook-event']).toBe('invoice.paid');
    const signature = String(got.headers['x-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(SECRET, got.body, signature)).toBe(true);
    // A changed body, another secret, or an old timestamp fail.
    expect(verifyWebhookSignature(SECRET, got.body + ' ', signature)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', got.body, signature)).toBe(false);
    expect(
      verifyWebhookSignature(SECRET, got.body, signature, { now: Date.now() + 3_600_000 }),
    ).toBe(false);
    expect(JSON.parse(got.body)).toMatchObject({ type: 'invoice.paid', data: { number: 'INV-0' } });
    const [row] = await deliveriesOf(ep.id);
    expect(row).toMatchObject({
      status: 'delivered',
      attempts: 1,
      responseCode: 200,
      lastError: null,
    });
    expect(row?.responseMs).toBeGreaterThanOrEqual(0);
  });

  it('connects through the guarded lookup when the URL names a host', async () => {
    r.respond((_req, res) => res.end('ok'));
    const ep = await endpoint(`http://localhost:${r.port}/hook`);
    await event();
    await outbox().flush();
    const [row] = await deliveriesOf(ep.id);
    expect(row).toMatchObject({ status: 'delivered', responseCode: 200 });
  });

  it('retries after a 500 with a growing wait, then delivers', async () => {
    r.respond((_req, res) => {
      res.statusCode = 500;
      res.end('boom');
    });
    const ep = await endpoint(r.url);
    await event();
    const worker = outbox();
    await worker.flush();
    let [row] = await deliveriesOf(ep.id);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      responseCode: 500,
      lastError: 'HTTP 500',
    });
    const firstWait = row!.nextAttemptAt.getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(20_000);
    // Not due yet: the next round leaves it alone.
    expect(await worker.flush()).toBe(0);
    await makeDue();
    await worker.flush();
    [row] = await deliveriesOf(ep.id);
    expect(row!.attempts).toBe(2);
    expect(row!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(firstWait);
    r.respond((_req, res) => res.end('ok'));
    await makeDue();
    await worker.flush();
    [row] = await deliveriesOf(ep.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, responseCode: 200 });
  });

  it('gives up once the next try would fall more than 24 hours after the event', async () => {
    r.respond((_req, res) => {
      res.statusCode = 503;
      res.end();
    });
    const ep = await endpoint(r.url);
    await event();
    await t.app.db
      .update(webhookDeliveries)
      .set({ createdAt: sql`now() - interval '23 hours 59 minutes'`, attempts: 12 })
      .where(eq(webhookDeliveries.endpointId, ep.id));
    await outbox().flush();
    const [row] = await deliveriesOf(ep.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 13, responseCode: 503 });
  });

  it('counts a receiver that does not answer in time as a failed attempt, and retries it', async () => {
    r.respond(() => {
      /* never answers */
    });
    const ep = await endpoint(r.url);
    await event();
    const worker = outbox({ timeoutMs: 300 });
    await worker.flush();
    let [row] = await deliveriesOf(ep.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, responseCode: null });
    expect(row?.lastError).toMatch(/timed out/);
    r.respond((_req, res) => res.end('ok'));
    await makeDue();
    await worker.flush();
    [row] = await deliveriesOf(ep.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('does not follow a redirect (to a private address or anywhere)', async () => {
    const inside = await startReceiver();
    r.respond((_req, res) => {
      res.statusCode = 302;
      res.setHeader('location', 'http://169.254.169.254/latest/meta-data/');
      res.end();
    });
    const ep = await endpoint(r.url);
    await event();
    await outbox().flush();
    const [row] = await deliveriesOf(ep.id);
    expect(row).toMatchObject({ status: 'pending', responseCode: 302 });
    expect(row?.lastError).toMatch(/redirect not followed/);
    // A redirect to a local receiver: it never gets the POST either.
    r.respond((_req, res) => {
      res.statusCode = 307;
      res.setHeader('location', inside.url);
      res.end();
    });
    await makeDue();
    await outbox().flush();
    expect(inside.received).toHaveLength(0);
    await inside.close();
  });

  it('refuses, at delivery, an endpoint whose address is private (registered while allowed)', async () => {
    const before = r.received.length;
    const ep = await endpoint(r.url);
    await event();
    await outbox({ policy: { allowPrivate: false, httpsOnly: false } }).flush();
    const [row] = await deliveriesOf(ep.id);
    expect(row).toMatchObject({ status: 'pending', responseCode: null });
    expect(row?.lastError).toMatch(/private, loopback or link-local/);
    expect(r.received.length).toBe(before);
    // A name that resolves to loopback is caught by the connection's own lookup too.
    await t.app.db
      .update(webhookEndpoints)
      .set({ url: `http://localhost:${r.port}/hook` })
      .where(eq(webhookEndpoints.id, ep.id));
    await makeDue();
    await outbox({ policy: { allowPrivate: false, httpsOnly: false } }).flush();
    expect(r.received.length).toBe(before);
  });

  it('deletes finished deliveries after 30 days, keeps newer ones and anything pending', async () => {
    const ep = await endpoint(r.url);
    await event(3);
    const rows = await deliveriesOf(ep.id);
    const [oldDone, oldPending, fresh] = rows.map((row) => row.id);
    await t.app.db
      .update(webhookDeliveries)
      .set({ status: 'delivered', createdAt: sql`now() - interval '31 days'` })
      .where(eq(webhookDeliveries.id, oldDone!));
    await t.app.db
      .update(webhookDeliveries)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(webhookDeliveries.id, oldPending!));
    await t.app.db
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(eq(webhookDeliveries.id, fresh!));
    await outbox().purgeLog();
    const left = (await deliveriesOf(ep.id)).map((row) => row.id).sort();
    expect(left).toEqual([oldPending, fresh].sort());
  });

  it('a worker that dies after claiming loses nothing: its rows go out once the lease ends', async () => {
    r.received.length = 0;
    r.respond((_req, res) => res.end('ok'));
    const ep = await endpoint(r.url);
    await event(5);
    // Claimed and never attempted, as by an app server killed at that moment.
    expect(await outbox().claimDue()).toHaveLength(5);
    const survivor = outbox();
    expect(await survivor.flush()).toBe(0);
    const [leased] = await deliveriesOf(ep.id);
    expect(leased!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(60_000);
    await makeDue();
    expect(await survivor.flush()).toBe(5);
    expect(new Set(r.received.map((g) => g.headers['x-webhook-delivery'])).size).toBe(5);
    expect((await deliveriesOf(ep.id)).every((row) => row.status === 'delivered')).toBe(true);
  });

  // PGlite runs inside this process and reads its (here faked) clock: one server, no drift.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'servers whose clocks are minutes apart agree on what is due and what is leased',
    async () => {
      await endpoint(r.url);
      await event(2);
      try {
        // The due check and the lease read the database's clock, not the server's: one running
        // five minutes slow takes the rows queued a moment ago...
        vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 5 * 60_000 });
        expect(await outbox().claimDue()).toHaveLength(2);
        // ...and one running five minutes fast leaves them alone while that lease runs.
        vi.setSystemTime(Date.now() + 10 * 60_000);
        expect(await outbox().claimDue()).toHaveLength(0);
      } finally {
        vi.useRealTimers();
      }
    },
  );

  it('two workers claiming at the same time never deliver the same row twice', async () => {
    r.received.length = 0;
    r.respond((_req, res) => setTimeout(() => res.end('ok'), 5));
    const ep = await endpoint(r.url);
    await event(60);
    const a = outbox({ batch: 7 });
    const b = outbox({ batch: 7 });
    for (let round = 0; round < 20; round++) {
      const [x, y] = await Promise.all([a.flush(), b.flush()]);
      if (x + y === 0) break;
    }
    const ids = r.received.map((g) => String(g.headers['x-webhook-delivery']));
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    const rows = await deliveriesOf(ep.id);
    expect(rows.every((row) => row.status === 'delivered' && row.attempts === 1)).toBe(true);
    expect(a.stats.delivered).toBeGreaterThan(0);
    expect(b.stats.delivered).toBeGreaterThan(0);
  });
});
