import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { handleStripeEvent, RECORDED } from '../../services/online-payments/stripe-events.ts';
import { messageSchema } from '../route-schemas.ts';
import { ONLINE_PAYMENT_OFF } from './routes.ts';

export const BAD_SIGNATURE = 'Invalid Stripe signature';

/**
 * Stripe's events (issue 39 item 3, ADR 067): anyone may post, only a body signed with the
 * endpoint's secret is read (the library checks the signature over the raw bytes, so this
 * scope alone keeps the body unparsed). 400 for a bad signature; 200 once handled, recorded or
 * not (Stripe retries anything else); 500 on a fault, which Stripe retries.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/stripe/webhook',
    {
      config: { assurance: 'anonymous' },
      schema: {
        response: {
          200: z.object({ received: z.literal(true) }),
          400: messageSchema,
          404: messageSchema,
        },
      },
    },
    async (request) => {
      const stripe = app.stripe;
      if (!stripe || !config.stripe) throw notFound(ONLINE_PAYMENT_OFF);
      const signature = request.headers['stripe-signature'];
      if (!Buffer.isBuffer(request.body) || typeof signature !== 'string')
        throw badRequest(BAD_SIGNATURE);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          request.body,
          signature,
          config.stripe.webhookSecret,
        );
      } catch {
        throw badRequest(BAD_SIGNATURE);
      }
      const methodType = await methodTypeOf(stripe, event);
      const outcome = await app.write((tx) =>
        handleStripeEvent(tx, event, { appUrl: config.appUrl, stripe, methodType }),
      );
      const log = { event: event.id, type: event.type, outcome };
      if (outcome === RECORDED || outcome === 'duplicate') request.log.info(log, 'Stripe event');
      else request.log.warn(log, 'Stripe event not recorded');
      return { received: true as const };
    },
  );
};

/**
 * The type of method a payment intent was paid with, when it allowed more than one (a card or
 * a bank debit): looked up before the write, so no transaction waits on Stripe.
 */
async function methodTypeOf(stripe: Stripe, event: Stripe.Event): Promise<string | undefined> {
  if (event.type !== 'payment_intent.succeeded') return undefined;
  const pi = event.data.object;
  if (pi.payment_method_types.length <= 1 || typeof pi.payment_method !== 'string')
    return pi.payment_method_types[0];
  return (await stripe.paymentMethods.retrieve(pi.payment_method)).type;
}
