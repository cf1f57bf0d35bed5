import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  HttpError,
  isDatabaseUnavailable,
  isMalformedMultipart,
  isUnstorableText,
  StorageUnavailableError,
} from '../lib/errors.ts';
import { API_CACHE_CONTROL, securityHeaders } from './security.ts';
import { UNSTORABLE_TEXT } from '../lib/unstorable-text.ts';

/** One place maps every error to `{ message }`: 4xx pass through, 5xx stay generic. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      return reply.status(400).send({ message: first?.message ?? 'Invalid request' });
    }
    if (err instanceof StorageUnavailableError) {
      request.log.error({ err, reason: err.reason }, 'file storage unavailable');
      reply.header('retry-after', String(err.retryAfterSeconds));
    }
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send({ message: err.message });
    }
    if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      return reply.status(415).send({ message: 'Send the form as multipart/form-data' });
    }
    if (isMalformedMultipart(err)) {
      return reply.status(400).send({ message: 'The upload is not a complete multipart form' });
    }
    if (isUnstorableText(err)) {
      return reply.status(400).send({ message: UNSTORABLE_TEXT });
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
      // Fastify's own messages quote the input (the path, a header): say only what happened.
      return err.code?.startsWith('FST_')
        ? (STATUS_CODES[err.statusCode ?? 400] ?? 'Bad Request')
        : err.message;
  }
}

/** What Fastify and Node refuse before any route or hook runs, in the one `{ message }` shape. */
const FRAMEWORK_ERRORS: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'Request path is not valid'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'Request path is too long'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timed out'],
  HPE_HEADER_OVERFLOW: [431, 'Request headers are too large'],
};

/**
 * Fastify's `frameworkErrors` and `clientErrorHandler` options: the requests they see never
 * reach our hooks or error handler, so they get the security headers and the error shape
 * here, and never the path or header that was refused.
 */
export function frameworkErrorHandlers(
  appUrl: string,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  const headers = { ...securityHeaders(appUrl), 'cache-control': API_CACHE_CONTROL };
  return {
    frameworkErrors(err, request, routeReply) {
      const [status, message] = FRAMEWORK_ERRORS[err.code] ?? [500, 'Internal Server Error'];
      request.log.info({ code: err.code }, 'request refused before routing');
      // Typed for a route's schema; there is no route yet, so the plain reply.
      const reply = routeReply as FastifyReply;
      return reply
        .status(status)
        .headers(headers)
        .header('x-request-id', request.id)
        .send({ message });
    },
    /** Node's HTTP parser refused the bytes (oversized headers, not HTTP, a timeout). */
    clientErrorHandler(err, socket) {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, message] = FRAMEWORK_ERRORS[err.code ?? ''] ?? [400, 'Bad request'];
      const body = JSON.stringify({ message });
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
      socket.destroy(err);
    },
  };
}
