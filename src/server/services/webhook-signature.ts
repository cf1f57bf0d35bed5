import { createHmac, timingSafeEqual } from 'node:crypto';

/** `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (Stripe's scheme). */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does (documented for MSPs, and used by the tests): recompute the MAC over
 * the timestamp and raw body, compare in constant time, and refuse old timestamps (replays).
 */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string,
  { toleranceSeconds = 300, now = Date.now() } = {},
): boolean {
  const parts = Object.fromEntries(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i), p.slice(i + 1)];
    }),
  );
  const t = Number(parts.t);
  const given = String(parts.v1 ?? '');
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
