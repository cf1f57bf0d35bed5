import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints } from '../../db/schema.ts';
import { recordEvent } from '../../services/domain-events.ts';
import { enqueueMail } from '../../services/mail-outbox.ts';
import { companyIdOf } from '../../test/companies.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DURATION_BUCKETS, NO_ROUTE, RequestDurations } from './request-durations.ts';

/** The value of one sample line of the exposition text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics on METRICS_PORT', () => {
  let t: TestApp;
  let scrape: () => Promise<Response>;

  beforeAll(async () => {
    // Mail goes to a port nobody listens on, so a delivery round fails.
    t = await createTestApp({
      metricsPort: 0,
      metricsHost: '127.0.0.1',
      smtpUrl: 'smtp://127.0.0.1:9',
    });
    const address = t.app.metricsAddress();
    if (!address) throw new Error('metrics listener not open');
    scrape = () => fetch(`http://127.0.0.1:${address.port}/metrics`);
  });
  afterAll(() => t.close());

  it('counts requests by route pattern, never by URL, with latency buckets', async () => {
    const acme = await companyIdOf(t.app, 'Acme Logistics');
    const cookie = await sessionCookieFor(t.app, 'jordan.lee@acme-logistics.example');
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    const invoices = await t.app.inject({
      url: `/api/customers/${acme}/invoices`,
      headers: { cookie },
    });
    expect(invoices.statusCode).toBe(200);
    expect((await t.app.inject('/api/no-such-thing')).statusCode).toBe(404);

    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await res.text();
    const health = 'method="GET",route="/api/health",status_code="200"';
    expect(sample(text, `http_request_duration_seconds_count{${health}}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_bucket{${health},le="+Inf"}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_sum{${health}}`)).toBeGreaterThan(0);
    const pattern = 'route="/api/customers/:customerId/invoices",status_code="200"';
    expect(sample(text, `http_request_duration_seconds_count{method="GET",${pattern}}`)).toBe(1);
    expect(
      sample(
        text,
        `http_request_duration_seconds_count{method="GET",route="${NO_ROUTE}",status_code="404"}`,
      ),
    ).toBe(1);
    expect(text).not.toContain(acme);
  });

  it('reports the outbox backlog, failed deliveries, the database pool and the event loop', async () => {
    const before = await (await scrape()).text();
    const pendingBefore = sample(before, 'mail_outbox_messages{status="pending"}') ?? -1;
    expect(pendingBefore).toBeGreaterThanOrEqual(0);
    await t.app.write((tx) =>
      enqueueMail(tx, { to: 'someone@example.com', subject: 'Backlog', text: 'waiting' }),
    );
    await t.app.mail.flush();
    // One event for one endpoint: one webhook delivery waiting (the worker is not running).
    await t.app.db
      .insert(webhookEndpoints)
      .values({ url: 'https://1.1.1.1/hook', events: ['invoice.paid'], secretCipher: 'v1.a.b.c' });
    await t.app.write((tx) =>
      recordEvent(tx, { type: 'invoice.paid', customerId: null, entityId: null, data: {} }),
    );

    const text = await (await scrape()).text();
    // The round tried every due mail and failed each (SMTP is down); none was sent.
    expect(sample(text, 'mail_outbox_messages{status="pending"}')).toBe(pendingBefore + 1);
    expect(sample(text, 'mail_delivery_failures_total')).toBe(pendingBefore + 1);
    expect(sample(text, 'mail_delivered_total')).toBe(0);
    expect(sample(text, 'mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(0);
    // Issue 21: the webhook outbox's backlog and this process's counters.
    expect(sample(text, 'webhook_deliveries{status="pending"}')).toBe(1);
    expect(sample(text, 'webhook_deliveries{status="failed"}')).toBe(0);
    expect(sample(text, 'webhook_delivered_total')).toBe(0);
    const max = t.db.databaseUrl ? 10 : 1;
    expect(sample(text, 'db_pool_max_connections')).toBe(max);
    expect(sample(text, 'db_pool_connections{state="idle"}')).toBeLessThanOrEqual(max);
    expect(sample(text, 'db_pool_waiting_queries')).toBe(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^app_info\{version="\d+\.\d+\.\d+",node_version="v\d+/m);
  });

  it('is served on its own port only', async () => {
    expect((await t.app.inject('/metrics')).statusCode).toBe(404);
    const address = t.app.metricsAddress();
    expect(address?.address).toBe('127.0.0.1');
    const other = await fetch(`http://127.0.0.1:${address?.port}/api/health`);
    expect(other.status).toBe(404);
  });
});

describe('metrics off (no METRICS_PORT)', () => {
  it('opens no listener and times no request', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.metricsAddress()).toBeNull();
      await t.app.inject('/api/health');
      expect(await t.app.metrics.registry.metrics()).not.toContain(
        'http_request_duration_seconds_count{',
      );
    } finally {
      await t.close();
    }
  });
});

describe('RequestDurations', () => {
  it('puts each duration in its bucket and keeps the buckets cumulative', async () => {
    const d = new RequestDurations();
    d.record('/x', 'GET', 200, 1); // 1 ms
    d.record('/x', 'GET', 200, 30); // 30 ms
    d.record('/x', 'GET', 200, 20_000); // 20 s, above every bound
    const { values } = await d.get();
    const bucket = (le: number | string) =>
      values.find((v) => v.metricName.endsWith('_bucket') && v.labels.le === le)?.value;
    expect(bucket(0.005)).toBe(1);
    expect(bucket(0.025)).toBe(1);
    expect(bucket(0.05)).toBe(2);
    expect(bucket(DURATION_BUCKETS.at(-1) ?? 0)).toBe(2);
    expect(bucket('+Inf')).toBe(3);
    expect(values.find((v) => v.metricName.endsWith('_sum'))?.value).toBeCloseTo(20.031);
  });
});
