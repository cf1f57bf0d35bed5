import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';
import { hasUnstorableText, UNSTORABLE_TEXT } from '../lib/unstorable-text.ts';

// JSON can spell NUL and lone surrogates only as \u escapes, so only bodies containing such
// an escape are walked.
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/** Throws on bytes that are not UTF-8, instead of turning them into U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The default JSON parser (prototype-poisoning checks included), refusing bytes that are
 * not UTF-8 and text the database cannot store with a 400 before any handler starts writing.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      return done(badRequest('Request body is not valid UTF-8'), undefined);
    }
    parse(request, text, (err, value: unknown) => {
      if (err) return done(err, undefined);
      if (SUSPECT_ESCAPE.test(text) && hasUnstorableText(value)) {
        return done(badRequest(UNSTORABLE_TEXT), undefined);
      }
      done(null, value);
    });
  });
});

/**
 * A `preParsing` hook for a route that takes no body: a client that sends
 * `Content-Type: application/json` with nothing after it (fetch wrappers do) is not refused
 * as an empty JSON body; the request is handled as one without a body.
 */
export function noBodyExpected(request: FastifyRequest, _reply: unknown, payload: unknown) {
  const { headers } = request;
  const empty =
    headers['transfer-encoding'] === undefined &&
    (headers['content-length'] === undefined || headers['content-length'] === '0');
  if (empty) delete headers['content-type'];
  return Promise.resolve(payload);
}
