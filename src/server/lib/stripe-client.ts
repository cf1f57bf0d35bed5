// The Stripe library, configured from the environment (ADR 067). STRIPE_API_BASE points it at
// another host (the tests' local stand-in: this machine cannot reach Stripe); unset, api.stripe.com.
import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';

export type { Stripe };

export function stripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    // Retries reuse the request's idempotency key (the library adds one to every POST).
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
}
