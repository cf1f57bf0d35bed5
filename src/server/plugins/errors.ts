import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, isDatabaseUnavailable, isUnstorableText } from '../lib/errors.ts';

/** One place maps every error to `{ message }`: 4xx pass through, 5xx stay generic. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      return reply.status(400).send({ message: first?.message ?? 'Invalid request' });
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ message: err.message });
    }
    if (isUnstorableText(err)) {
      return reply.status(400).send({ message: 'Text contains characters that cannot be stored' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ message: 'Service temporarily unavailable. Please try again shortly.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: clientMessage(err) });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
});

function clientMessage(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Request body is not valid JSON';
    default:
      return err.message;
  }
}
