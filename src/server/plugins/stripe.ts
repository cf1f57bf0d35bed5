import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { stripeClient, type Stripe } from '../lib/stripe-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stripe, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (ADR 067); else none. */
    stripe: Stripe | undefined;
  }
}

export const stripePlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  app.decorate('stripe', config.stripe ? stripeClient(config.stripe) : undefined);
});
