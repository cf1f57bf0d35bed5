import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creditNoteInputSchema,
  invoiceDraftInputSchema,
  paymentInputSchema,
  staffInvoiceDocumentSchema,
  voidInputSchema,
  type StaffInvoiceDocument,
} from '../../../shared/schemas/invoice-documents.ts';
import {
  unbilledTimeQuerySchema,
  unbilledTimeSchema,
} from '../../../shared/schemas/unbilled-time.ts';
import { noBodyExpected } from '../../plugins/json-body.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { findDocument } from '../../services/invoice-document.ts';
import { createDraft, updateDraft } from '../../services/invoice-drafts.ts';
import { addCreditNote, recordPayment } from '../../services/invoice-payments.ts';
import { issueInvoice, voidInvoice } from '../../services/invoice-states.ts';
import { listUnbilledTime } from '../../services/invoice-time.ts';
import { expireOpenCheckouts } from '../../services/online-payments/checkout.ts';
import { idParam, messageSchema } from '../route-schemas.ts';

const refusals = { 400: messageSchema, 404: messageSchema, 409: messageSchema };
const invoiceParams = idParam('invoiceId');
const answer = { 200: staffInvoiceDocumentSchema, ...refusals };

/**
 * Invoices as documents (issue 39, ADR 066): draft, issue, void, pay and credit, each route
 * one command of services/invoice-*.ts in one transaction.
 */
export const invoiceDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The customer's open Checkout pages go once staff changed what is owed (ADR 067 addendum). */
  const settled = async (doc: StaffInvoiceDocument) => {
    if (app.stripe) await expireOpenCheckouts(app.db, app.stripe, doc.id);
    return doc;
  };

  // The billing screen's view of one invoice: its lines, payments, credit notes and balance.
  app.get(
    '/invoices/:invoiceId',
    { schema: { params: invoiceParams, response: answer } },
    async (request) => findDocument(app.db, request.params.invoiceId),
  );

  // "Add Unbilled Time" on a draft: the company's hours on no invoice yet (ADR 066 addendum).
  app.get(
    '/customers/:customerId/unbilled-time',
    {
      schema: {
        params: idParam('customerId'),
        querystring: unbilledTimeQuerySchema,
        response: { 200: unbilledTimeSchema, 400: messageSchema, 404: messageSchema },
      },
    },
    async (request) => listUnbilledTime(app.db, request.params.customerId, request.query),
  );

  app.post(
    '/customers/:customerId/invoice-drafts',
    {
      schema: {
        params: idParam('customerId'),
        body: invoiceDraftInputSchema,
        response: { 201: staffInvoiceDocumentSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      const draft = await app.write((tx) =>
        // A staff draft is the company's next invoice: it bills unbilled overage (ADR 074).
        createDraft(tx, actorOf(request), customerId, request.body, { overageAsOf: new Date() }),
      );
      return reply.status(201).send(draft);
    },
  );

  app.put(
    '/invoices/:invoiceId/draft',
    { schema: { params: invoiceParams, body: invoiceDraftInputSchema, response: answer } },
    async (request) =>
      app.write((tx) => updateDraft(tx, actorOf(request), request.params.invoiceId, request.body)),
  );

  app.post(
    '/invoices/:invoiceId/issue',
    // No body: an empty one sent as JSON is accepted too (outside attack: it was a 400).
    { preParsing: noBodyExpected, schema: { params: invoiceParams, response: answer } },
    async (request) =>
      app.write((tx) => issueInvoice(tx, actorOf(request), request.params.invoiceId)),
  );

  app.post(
    '/invoices/:invoiceId/void',
    { schema: { params: invoiceParams, body: voidInputSchema, response: answer } },
    async (request) =>
      settled(
        await app.write((tx) =>
          voidInvoice(tx, actorOf(request), request.params.invoiceId, request.body.reason),
        ),
      ),
  );

  app.post(
    '/invoices/:invoiceId/payments',
    { schema: { params: invoiceParams, body: paymentInputSchema, response: answer } },
    async (request) =>
      settled(
        await app.write((tx) =>
          recordPayment(tx, actorOf(request), request.params.invoiceId, request.body),
        ),
      ),
  );

  app.post(
    '/invoices/:invoiceId/credit-notes',
    { schema: { params: invoiceParams, body: creditNoteInputSchema, response: answer } },
    async (request) =>
      settled(
        await app.write((tx) =>
          addCreditNote(tx, actorOf(request), request.params.invoiceId, request.body),
        ),
      ),
  );
};
