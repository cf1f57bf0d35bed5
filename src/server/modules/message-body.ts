// One route per message operation (issue 37 item 2): a new ticket or a reply is sent as the JSON
// body the spec names, or, with files, as multipart/form-data whose `data` field holds that same
// JSON (services/helpdesk/attachment-upload.ts). Two encodings of one route, not twin routes.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../lib/errors.ts';
import { attachmentMultipartLimits } from '../services/helpdesk/attachment-upload.ts';

/** Lets the routes of `app` (a message routes plugin's own scope) read multipart bodies too. */
export const acceptFiles = (app: FastifyInstance) =>
  app.register(multipart, { limits: attachmentMultipartLimits });

/**
 * The route's body and the check that goes with it. Fastify validates a body per content type
 * when the schema lists them: JSON against `schema` here; a multipart body is read, checked and
 * stored as its parts stream in (`withAttachments`); any other type is checked as JSON would be,
 * so it gets the same 400. Typed as the JSON body: a handler asks `request.isMultipart()` first.
 * The OpenAPI document adds the multipart encoding (plugins/openapi.ts).
 */
export function messageBody<S extends z.ZodType>(schema: S) {
  return {
    body: { content: { 'application/json': { schema } } } as unknown as S,
    preValidation: async (request: FastifyRequest) => {
      if (request.isMultipart() || request.mediaType === 'application/json') return;
      const parsed = schema.safeParse(request.body);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request');
      request.body = parsed.data;
    },
  };
}
