import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  QUOTE_NOT_FOUND,
  quoteAcceptSchema,
  quoteDeclineSchema,
  quoteListItemSchema,
  quoteSchema,
  quoteStatus,
  SIGNATURE_MAX_BYTES,
} from '../../../shared/schemas/quotes.ts';
import { fromMinor } from '../../../shared/currency.ts';
import { quotes, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { inspectFile, sendFile } from '../../lib/safe-file.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { companyOf } from '../../plugins/session/company-access.ts';
import { readQuote, signatureOf } from '../../services/quotes/quote-document.ts';
import { acceptQuote, declineQuote } from '../../services/quotes/quote-decisions.ts';
import { renderQuotePdf } from '../../services/quotes/quote-pdf.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';

const quoteParams = companyParams.extend({ quoteId: z.uuid({ message: QUOTE_NOT_FOUND }) });
const refusals = { 400: messageSchema, 403: messageSchema, 404: messageSchema, 409: messageSchema };

/**
 * The company's quotes in the portal (ADR 072), inside the `/api/customers/:customerId` scope:
 * the `quotes` permission (admin and billing) reads, accepts and declines. Drafts are never
 * shown. `/pdf` is the stored document, byte for byte, whose SHA-256 an acceptance sends back.
 */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The company's quote, sent or decided; a draft or another company's is not found. */
  async function visibleQuote(customerId: string, quoteId: string) {
    const [row] = await app.db
      .select()
      .from(quotes)
      .where(
        and(eq(quotes.id, quoteId), eq(quotes.customerId, customerId), ne(quotes.state, 'draft')),
      )
      .limit(1);
    if (!row) throw notFound(QUOTE_NOT_FOUND);
    return row;
  }

  app.get(
    '/quotes',
    {
      config: { permission: 'quotes' },
      schema: { params: companyParams, response: { 200: z.array(quoteListItemSchema) } },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(quotes)
        .where(and(eq(quotes.customerId, companyOf(request).companyId), ne(quotes.state, 'draft')))
        .orderBy(desc(quotes.createdAt))
        .limit(100);
      return rows.map((r) => ({
        id: r.id,
        number: r.number,
        version: r.version,
        title: r.title,
        status: quoteStatus(r.state, r.validUntil),
        currency: r.currency,
        amount: fromMinor(r.totalMinor, r.currency),
        validUntil: r.validUntil,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );

  app.get(
    '/quotes/:quoteId',
    {
      config: { permission: 'quotes' },
      schema: { params: quoteParams, response: { 200: quoteSchema, 404: messageSchema } },
    },
    async (request) =>
      readQuote(app.db, await visibleQuote(companyOf(request).companyId, request.params.quoteId)),
  );

  app.get(
    '/quotes/:quoteId/pdf',
    {
      config: { permission: 'quotes' },
      schema: { params: quoteParams, response: { 200: z.instanceof(Buffer), 404: messageSchema } },
    },
    async (request, reply) => {
      const row = await visibleQuote(companyOf(request).companyId, request.params.quoteId);
      if (!row.documentPdf) throw notFound(QUOTE_NOT_FOUND);
      return sendFile(reply, await inspectFile(row.documentPdf), {
        name: `${row.number}.pdf`,
        inline: true,
      });
    },
  );

  app.get(
    '/quotes/:quoteId/signed-pdf',
    {
      config: { permission: 'quotes' },
      schema: { params: quoteParams, response: { 200: z.instanceof(Buffer), 404: messageSchema } },
    },
    async (request, reply) => {
      const row = await visibleQuote(companyOf(request).companyId, request.params.quoteId);
      const signature = await signatureOf(app.db, row.id);
      if (!signature) throw notFound('This quote has not been signed');
      const [signer] = signature.userId
        ? await app.db
            .select({ email: users.email })
            .from(users)
            .where(eq(users.id, signature.userId))
        : [];
      const pdf = await renderQuotePdf(app.db, row, {
        ...signature,
        signerEmail: signer?.email ?? null,
      });
      return sendFile(reply, await inspectFile(pdf), {
        name: `${row.number}-signed.pdf`,
        inline: true,
      });
    },
  );

  app.post(
    '/quotes/:quoteId/accept',
    {
      config: { permission: 'quotes' },
      // A drawn signature travels as a data URL: room for it, not for more.
      bodyLimit: SIGNATURE_MAX_BYTES * 2,
      schema: {
        params: quoteParams,
        body: quoteAcceptSchema,
        response: { 200: quoteSchema, ...refusals },
      },
    },
    (request) =>
      app.write((tx) =>
        acceptQuote(
          tx,
          actorOf(request),
          companyOf(request).companyId,
          request.params.quoteId,
          request.body,
          { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        ),
      ),
  );

  app.post(
    '/quotes/:quoteId/decline',
    {
      config: { permission: 'quotes' },
      schema: {
        params: quoteParams,
        body: quoteDeclineSchema,
        response: { 200: quoteSchema, ...refusals },
      },
    },
    (request) =>
      app.write((tx) =>
        declineQuote(
          tx,
          actorOf(request),
          companyOf(request).companyId,
          request.params.quoteId,
          request.body.reason,
        ),
      ),
  );
};
