import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteSchema } from '../../../shared/schemas/quote.ts';
import type { Config } from '../../config.ts';
import { quoteRequests } from '../../db/schema.ts';
import {
  PUBLIC_FORM_BODY_LIMIT,
  createdSchema,
  errorSchema,
  honeypotShape,
  publicFormRateLimit,
  rejectFilledHoneypot,
  requireJson,
} from '../../lib/public-form.ts';
import { enqueueMail } from '../../plugins/mail/outbox.ts';
import { salesNotification, visitorAcknowledgement } from './mails.ts';

/** POST /api/quote: store the request, then mail sales and the visitor (spec sections 2 and 7). */
export const quoteRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/api/quote',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: publicFormRateLimit(config) },
      onRequest: requireJson,
      schema: {
        body: quoteSchema.extend(honeypotShape),
        response: { 201: createdSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      rejectFilledHoneypot(request.body, request);
      const { name, email, company, phone, service, details } = request.body;
      const input = { name, email, company, phone, service, details };
      // Stored and queued in one transaction: the request survives an SMTP outage.
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(quoteRequests)
          .values({ ...input, company: company ?? null, phone: phone ?? null })
          .returning({ id: quoteRequests.id });
        await enqueueMail(tx, [
          salesNotification(config.salesEmail, input),
          visitorAcknowledgement(input),
        ]);
        return row!.id;
      });
      app.mail.kick();
      return reply.status(201).send({ id });
    },
  );
};
