import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentCategories,
  documentListSchema,
  documentSummarySchema,
  documentTypeFilter,
} from '../../../shared/schemas/documents.ts';
import { PREVIEW_ONLY_PDF_MESSAGE, isPreviewable } from '../../../shared/document-preview.ts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import { documents } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { inspectFile, isPdf, sendFile } from '../../lib/safe-file.ts';
import { storedFile } from '../../lib/stored-file.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { documentPages } from '../../db/document-list.ts';
import { documentSummary, findDocumentFile } from './queries.ts';
import { companyOf } from '../../plugins/session/company-access.ts';
import { visibleDocuments } from '../../services/role-filters.ts';

/** The guard's company's documents its reader's role may see, for the summary. */
function visibleDocumentsOf(request: FastifyRequest) {
  const { companyId, role } = companyOf(request);
  return and(eq(documents.customerId, companyId), visibleDocuments(role));
}

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documents',
    {
      config: { permission: 'documents' },
      schema: {
        params: companyParams,
        querystring: pageQuerySchema({ category: documentCategories }).extend({
          type: documentTypeFilter,
        }),
        response: { 200: documentListSchema, 400: messageSchema },
      },
    },
    async (request, reply) => {
      // Invoice and project documents need their readers' permissions.
      return app.sendPage(request, reply, documentPages, {
        where: visibleDocuments(companyOf(request).role),
        query: request.query,
      });
    },
  );

  app.get(
    '/documents/summary',
    {
      config: { permission: 'documents' },
      schema: { params: companyParams, response: { 200: documentSummarySchema } },
    },
    async (request) => documentSummary(app.db, visibleDocumentsOf(request)),
  );

  app.get(
    '/documents/:documentId/download',
    {
      config: { permission: 'documents' },
      schema: {
        params: companyParams.extend({ documentId: z.uuid({ message: 'Document not found' }) }),
        // `?inline=1` serves a PDF for preview in the browser instead of saving it
        // (spec section 5: PDF only, by name and, since issue 13, by its bytes).
        querystring: z.object({
          inline: z.enum(['0', '1'], { message: 'inline must be 0 or 1' }).optional(),
        }),
        response: { 200: z.instanceof(Readable), 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { documentId } = request.params;
      const { companyId, role } = companyOf(request);
      const file = await findDocumentFile(app.db, companyId, documentId, role);
      if (!file) throw notFound('Document not found');
      const inline = request.query.inline === '1';
      if (inline && !isPreviewable(file.type)) throw badRequest(PREVIEW_ONLY_PDF_MESSAGE);
      const stream = await storedFile(app, file.storageKey);
      // The stored type is not trusted (rows from before issue 13 hold what the uploader
      // declared): the bytes decide, every time.
      const inspected = await inspectFile(stream);
      if (inline && !isPdf(inspected)) {
        stream.destroy();
        throw badRequest(PREVIEW_ONLY_PDF_MESSAGE);
      }
      return sendFile(reply, inspected, { name: file.name, inline });
    },
  );
};
