import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { notFound } from '../../lib/errors.ts';
import { userOf } from '../../plugins/session/actor.ts';
import { companyOf } from '../../plugins/session/company-access.ts';
import {
  setAutopay,
  settingsOf,
  startAutopaySetup,
  startInvoiceCheckout,
} from '../../services/online-payments/checkout.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { autopayInputSchema, autopaySchema } from '../../../shared/schemas/autopay.ts';

export const ONLINE_PAYMENT_OFF = 'Online payment is not set up';

const refusals = { 404: messageSchema, 409: messageSchema };

/**
 * Online payment in the portal (issue 39 item 3, ADR 067), inside the company scope: only the
 * roles that see invoices (admin, billing). Pay and set-up are links (the spec's Pay button
 * opens `paymentUrl` in a new tab): each answers 303 to a new Stripe Checkout page.
 */
export const onlinePaymentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const stripe = () => {
    if (!app.stripe) throw notFound(ONLINE_PAYMENT_OFF);
    return app.stripe;
  };
  const payer = (request: Parameters<typeof userOf>[0]) => {
    const user = userOf(request);
    return { userId: user.id, email: user.email };
  };
  const where = (request: Parameters<typeof companyOf>[0]) => ({
    appUrl: config.appUrl,
    companyId: companyOf(request).companyId,
  });

  app.get(
    '/invoices/:invoiceId/pay',
    {
      config: { permission: 'invoices' },
      schema: {
        params: companyParams.extend({ invoiceId: z.uuid({ message: 'Invoice not found' }) }),
        response: refusals,
      },
    },
    async (request, reply) => {
      const url = await startInvoiceCheckout(
        app.db,
        stripe(),
        where(request),
        request.params.invoiceId.toLowerCase(),
        payer(request),
      );
      return reply.redirect(url, 303);
    },
  );

  app.get(
    '/autopay',
    {
      config: { permission: 'invoices' },
      schema: { params: companyParams, response: { 200: autopaySchema } },
    },
    async (request) => {
      const settings = app.stripe ? await settingsOf(app.db, companyOf(request).companyId) : null;
      return {
        available: !!app.stripe,
        saved: !!settings?.paymentMethodId,
        autopay: !!settings?.autopay,
      };
    },
  );

  app.get(
    '/autopay/setup',
    {
      config: { permission: 'invoices' },
      schema: { params: companyParams, response: refusals },
    },
    async (request, reply) =>
      reply.redirect(
        await startAutopaySetup(app.db, stripe(), where(request), payer(request)),
        303,
      ),
  );

  app.put(
    '/autopay',
    {
      config: { permission: 'invoices' },
      schema: {
        params: companyParams,
        body: autopayInputSchema,
        response: { 200: autopaySchema.omit({ available: true }), 400: messageSchema, ...refusals },
      },
    },
    async (request) => {
      stripe();
      return setAutopay(app.db, companyOf(request).companyId, request.body.autopay);
    },
  );
};
