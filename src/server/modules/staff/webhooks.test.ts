import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema.ts';
import { decryptSecret } from '../../services/secret-box.ts';
import { verifyWebhookSignature } from '../../services/webhook-signature.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { startReceiver } from '../../test/webhook-receiver.ts';
import { WEBHOOK_MESSAGES } from '../../../shared/schemas/webhooks.ts';
import { API_TOKEN_MESSAGES } from '../../../shared/schemas/api-tokens.ts';

// Issue 21 item 4: the staff API for webhook endpoints.
describe('staff webhook endpoints', () => {
  const t = useStaffTestApp();
  const { ctx } = t;

  const call = t.request;

  it('refuses private, loopback, link-local and metadata URLs with a 400 and a message', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://[::1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.7/hook',
      'http://192.168.0.10/hook',
      'http://localhost:9000/hook',
    ]) {
      const res = await call('POST', '/api/staff/webhooks', { url, events: ['invoice.paid'] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({ message: WEBHOOK_MESSAGES.privateAddress });
    }
    expect(await t.app.db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  it('refuses a URL that is not http(s), and an empty event list', async () => {
    const bad = await call('POST', '/api/staff/webhooks', {
      url: 'ftp://example.com/x',
      events: ['invoice.paid'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: WEBHOOK_MESSAGES.url });
    const none = await call('POST', '/api/staff/webhooks', {
      url: 'https://1.1.1.1/x',
      events: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: WEBHOOK_MESSAGES.events });
  });

  it('is staff only: a customer gets 403, a visitor 401', async () => {
    expect(
      (await call('GET', '/api/staff/webhooks', undefined, ctx.customerCookie)).statusCode,
    ).toBe(403);
    const post = await call(
      'POST',
      '/api/staff/webhooks',
      { url: 'https://1.1.1.1/x', events: ['invoice.paid'] },
      ctx.customerCookie,
    );
    expect(post.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: '/api/staff/webhooks' });
    expect(anon.statusCode).toBe(401);
  });

  it('reads with an API token, but registers nothing with one (even read-write)', async () => {
    const made = await call('POST', '/api/staff/api-tokens', {
      name: 'Hooks',
      scope: 'read-write',
      days: 30,
    });
    const { token } = made.json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };
    const list = await t.app.inject({ method: 'GET', url: '/api/staff/webhooks', headers });
    expect(list.statusCode).toBe(200);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/staff/webhooks',
      headers,
      payload: { url: 'https://1.1.1.1/x', events: ['invoice.paid'] },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toEqual({ message: API_TOKEN_MESSAGES.sessionOnly });
    expect(await t.app.db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  it('shows the secret once, stores it encrypted, and lists the endpoint without it', async () => {
    const res = await call('POST', '/api/staff/webhooks', {
      url: 'https://1.1.1.1/hooks',
      events: ['invoice.paid', 'ticket.created'],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = res.json<{ id: string; secret: string }>();
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    const [row] = await t.app.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.id));
    expect(row?.secretCipher).not.toContain(created.secret);
    expect(decryptSecret(row!.secretCipher, t.config.sessionSecrets)).toBe(created.secret);
    const list = await call('GET', '/api/staff/webhooks');
    expect(list.body).not.toContain(created.secret);
    expect(list.json()).toMatchObject([
      { id: created.id, url: 'https://1.1.1.1/hooks', active: true },
    ]);
    const update = await call('PUT', `/api/staff/webhooks/${created.id}`, {
      url: 'https://1.1.1.1/other',
      events: ['invoice.paid'],
      active: false,
    });
    expect(update.json()).toMatchObject({ url: 'https://1.1.1.1/other', active: false });
    const toPrivate = await call('PUT', `/api/staff/webhooks/${created.id}`, {
      url: 'http://127.0.0.1/x',
      events: ['invoice.paid'],
    });
    expect(toPrivate.statusCode).toBe(400);
    expect((await call('DELETE', `/api/staff/webhooks/${created.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/staff/webhooks/${created.id}`)).statusCode).toBe(404);
  });

  describe('with WEBHOOKS_ALLOW_PRIVATE=true', () => {
    const local = useStaffTestApp({ config: { webhooksAllowPrivate: true } });
    const localCtx = local.ctx;
    const receiver = startReceiver();
    afterAll(async () => {
      await (await receiver).close();
    });

    it('registers a local receiver, sends a test event it can verify, and logs the delivery', async () => {
      const r = await receiver;
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/staff/webhooks',
        payload: { url: r.url, events: ['invoice.paid'] },
        headers: { cookie: localCtx.staffCookie },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id, secret } = res.json<{ id: string; secret: string }>();
      const test = await local.app.inject({
        method: 'POST',
        url: `/api/staff/webhooks/${id}/test`,
        headers: { cookie: localCtx.staffCookie },
      });
      expect(test.statusCode).toBe(202);
      await local.app.webhooks.flush();
      const got = r.received.at(-1)!;
      expect(verifyWebhookSignature(secret, got.body, String(got.headers['x-signature']))).toBe(
        true,
      );
      expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test' });
      const log = await local.app.inject({
        method: 'GET',
        url: `/api/staff/webhooks/${id}/deliveries`,
        headers: { cookie: localCtx.staffCookie },
      });
      expect(log.json()).toMatchObject([
        { type: 'webhook.test', status: 'delivered', responseCode: 200, attempts: 1 },
      ]);
      const list = await local.app.inject({
        method: 'GET',
        url: '/api/staff/webhooks',
        headers: { cookie: localCtx.staffCookie },
      });
      expect(list.json()).toMatchObject([
        { id, lastDelivery: { status: 'delivered', responseCode: 200 } },
      ]);
      const rows = await local.app.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, id));
      expect(rows).toHaveLength(1);
    });
  });
});
