import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import {
  leadToQuoteSchema,
  QUOTE_NOT_FOUND,
  quoteInputSchema,
  quoteListItemSchema,
  quoteSchema,
  quoteReopenSchema,
  quoteSendSchema,
} from '../../../shared/schemas/quotes.ts';
import { quotes, users } from '../../db/schema.ts';
import { inspectFile, sendFile } from '../../lib/safe-file.ts';
import { notFound } from '../../lib/errors.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { requireCompany } from '../../services/companies.ts';
import { readQuote, signatureOf } from '../../services/quotes/quote-document.ts';
import { createQuote, quoteFromLead, updateQuote } from '../../services/quotes/quote-drafts.ts';
import { renderQuotePdf } from '../../services/quotes/quote-pdf.ts';
import { reopenQuote, sendQuote } from '../../services/quotes/quote-sending.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { quotePages } from './quote-pages.ts';
import { eq } from 'drizzle-orm';

const quoteParams = idParam('quoteId');
const refusals = { 400: messageSchema, 404: messageSchema, 409: messageSchema };

/**
 * Quotes (issue 40 item 4, ADR 072), area `invoices`: admin and billing write, every staff
 * role reads. A lead becomes a draft quote here too (the lead dialog's button).
 */
export const quoteRoutes: FastifyPluginAsyncZod<{ appUrl: string }> = async (app, { appUrl }) => {
  app.get(
    '/customers/:customerId/quotes',
    {
      schema: {
        params: idParam('customerId'),
        querystring: pageQuerySchema({}),
        response: { 200: z.array(quoteListItemSchema), 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      await requireCompany(app.db, customerId);
      return app.sendPage(request, reply, quotePages, {
        scopeId: customerId,
        query: request.query,
      });
    },
  );

  app.post(
    '/customers/:customerId/quotes',
    {
      schema: {
        params: idParam('customerId'),
        body: quoteInputSchema,
        response: { 201: quoteSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await app.write((tx) =>
        createQuote(tx, actorOf(request), request.params.customerId, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/quotes/from-lead/:leadId',
    {
      schema: {
        params: idParam('leadId'),
        body: leadToQuoteSchema,
        response: { 201: quoteSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await app.write((tx) =>
        quoteFromLead(tx, actorOf(request), request.params.leadId, request.body.customerId),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/quotes/:quoteId',
    { schema: { params: quoteParams, response: { 200: quoteSchema, 404: messageSchema } } },
    async (request) => {
      const [row] = await app.db.select().from(quotes).where(eq(quotes.id, request.params.quoteId));
      if (!row) throw notFound(QUOTE_NOT_FOUND);
      return readQuote(app.db, row);
    },
  );

  app.put(
    '/quotes/:quoteId',
    {
      schema: {
        params: quoteParams,
        body: quoteInputSchema,
        response: { 200: quoteSchema, ...refusals },
      },
    },
    (request) =>
      app.write((tx) => updateQuote(tx, actorOf(request), request.params.quoteId, request.body)),
  );

  app.post(
    '/quotes/:quoteId/send',
    {
      schema: {
        params: quoteParams,
        body: quoteSendSchema,
        response: { 200: quoteSchema, ...refusals },
      },
    },
    (request) =>
      app.write((tx) =>
        sendQuote(tx, actorOf(request), request.params.quoteId, request.body.userId, appUrl),
      ),
  );

  app.post(
    '/quotes/:quoteId/reopen',
    {
      schema: {
        params: quoteParams,
        body: quoteReopenSchema,
        response: { 200: quoteSchema, ...refusals },
      },
    },
    (request) =>
      app.write((tx) =>
        reopenQuote(tx, actorOf(request), request.params.quoteId, request.body.version),
      ),
  );

  /** A draft drawn as it stands; a sent quote its stored document; an accepted one signed. */
  app.get(
    '/quotes/:quoteId/pdf',
    {
      schema: {
        params: quoteParams,
        response: { 200: z.instanceof(Buffer), 404: messageSchema },
      },
    },
    async (request, reply) => {
      const [row] = await app.db.select().from(quotes).where(eq(quotes.id, request.params.quoteId));
      if (!row) throw notFound(QUOTE_NOT_FOUND);
      const signature = await signatureOf(app.db, row.id);
      let pdf: Buffer;
      if (signature) {
        const [signer] = signature.userId
          ? await app.db
              .select({ email: users.email })
              .from(users)
              .where(eq(users.id, signature.userId))
          : [];
        pdf = await renderQuotePdf(app.db, row, {
          ...signature,
          signerEmail: signer?.email ?? null,
        });
      } else pdf = row.documentPdf ?? (await renderQuotePdf(app.db, row));
      return sendFile(reply, await inspectFile(pdf), { name: `${row.number}.pdf`, inline: true });
    },
  );
};
