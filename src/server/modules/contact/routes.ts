import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactSchema } from '../../../shared/schemas/contact.ts';
import type { Config } from '../../config.ts';
import { contactMessages } from '../../db/schema.ts';
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

/** POST /api/contact: store the message, then mail sales and the visitor (spec sections 5 and 7). */
export const contactRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.post(
    '/api/contact',
    {
      bodyLimit: PUBLIC_FORM_BODY_LIMIT,
      config: { rateLimit: publicFormRateLimit(config) },
      onRequest: requireJson,
      schema: {
        body: contactSchema.extend(honeypotShape),
        response: { 201: createdSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      rejectFilledHoneypot(request.body, request);
      const { name, email, company, phone, message } = request.body;
      const input = { name, email, company, phone, message };
      // Stored and queued in one transaction: the message survives an SMTP outage.
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({ ...input, company: company ?? null, phone: phone ?? null })
          .returning({ id: contactMessages.id });
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
