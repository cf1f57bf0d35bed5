import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors.ts';

// PostgreSQL refuses NUL characters and lone surrogates in text and jsonb; JSON can
// spell both only as \u escapes, so only bodies containing such an escape are walked.
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;
const UNSTORABLE = /\0|\p{Cs}/u;

function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorableText);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorableText(v));
  }
  return false;
}

/**
 * The default JSON parser (prototype-poisoning checks included), refusing text the
 * database cannot store with a 400 before any handler starts writing.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    parse(request, text, (err, value: unknown) => {
      if (err) return done(err, undefined);
      if (SUSPECT_ESCAPE.test(text) && hasUnstorableText(value)) {
        return done(badRequest('Text contains characters that cannot be stored'), undefined);
      }
      done(null, value);
    });
  });
});
