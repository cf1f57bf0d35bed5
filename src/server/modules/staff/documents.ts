import { randomUUID } from 'node:crypto';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, badRequest } from '../../lib/errors.ts';
import { cleanFileName } from '../../lib/file-name.ts';
import { inspectFile, storedContentType } from '../../lib/safe-file.ts';
import {
  DOCUMENT_TOO_LARGE,
  MAX_DOCUMENT_BYTES,
  ONE_DOCUMENT_AT_A_TIME,
  documentFieldsSchema,
  staffDocumentSchema,
} from '../../../shared/schemas/documents.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { requireCompany } from '../../services/companies.ts';
import { addDocument } from '../../services/documents.ts';
import { requireProjectOf } from '../../services/projects.ts';
import { refuseUnsafeFile } from '../../services/helpdesk/attachment-files.ts';

/** The value of a plain form field sent before the file part. */
function fieldValue(part: MultipartFile, name: string): string | undefined {
  const field = part.fields[name];
  return field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
}

/**
 * A company's documents: list and upload (multipart, 25 MB, any type). The stored content
 * type is what the bytes are (file-type), never what the uploader declared.
 */
export const staffDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart parsing exists only in this scope: no other route accepts uploads.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    await upload.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 2, fields: 5, fieldSize: 1000, parts: 7 },
    });

    upload.post(
      '/customers/:customerId/documents',
      {
        schema: {
          params: idParam('customerId'),
          consumes: ['multipart/form-data'],
          // 415: a body that is not multipart (plugins/errors.ts).
          response: { 201: staffDocumentSchema, 415: messageSchema },
        },
      },
      async (request, reply) => {
        const { customerId } = request.params;
        const actor = actorOf(request);
        await requireCompany(app.db, customerId);
        // One file per upload: a second file part is refused, not silently dropped (outside
        // attack, issue 35); busboy's limit is two so the second is seen.
        const parts = request.parts();
        let part: MultipartFile | undefined;
        for (let next = await parts.next(); !next.done; next = await parts.next()) {
          if (next.value.type === 'file') {
            part = next.value;
            break;
          }
        }
        if (!part) throw badRequest('Choose a file to upload');
        const fields = documentFieldsSchema.safeParse({
          category: fieldValue(part, 'category'),
          projectId: fieldValue(part, 'projectId'),
        });
        if (!fields.success) {
          part.file.resume();
          throw badRequest(fields.error.issues[0]?.message ?? 'Invalid upload');
        }
        const { category, projectId } = fields.data;
        const project = projectId ? await requireProjectOf(app.db, customerId, projectId) : null;

        const name = cleanFileName(part.filename);
        const key = `customers/${customerId}/${randomUUID()}`;
        try {
          const file = await inspectFile(part.file);
          const size = await app.storage.put(key, file.data);
          // Busboy stops writing at the limit and drains the rest: a truncated file is refused.
          if (part.file.truncated) throw new HttpError(413, DOCUMENT_TOO_LARGE);
          if (size === 0) throw badRequest('The file is empty');
          // The same rules as a ticket's attachments: customers download what staff upload.
          refuseUnsafeFile(name, file.type);
          for await (const more of parts) {
            if (more.type === 'file') {
              more.file.resume();
              throw badRequest(ONE_DOCUMENT_AT_A_TIME);
            }
          }
          // The upload may have taken minutes: the caller is checked again before it counts.
          await request.reauthorize();
          const document = await app.write((tx) =>
            addDocument(tx, actor, {
              customerId,
              project,
              name,
              category,
              contentType: storedContentType(file),
              size,
              storageKey: key,
            }),
          );
          return reply.status(201).send(document);
        } catch (err) {
          await app.storage
            .delete(key)
            .catch((e: unknown) => request.log.error({ err: e }, 'upload cleanup failed'));
          throw err;
        }
      },
    );
  });
};
