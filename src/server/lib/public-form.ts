import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HONEYPOT_FIELD } from '../../shared/honeypot.ts';
import type { Config } from '../config.ts';
import { HttpError, badRequest } from './errors.ts';

/** Public forms carry at most a few pages of text: refuse bigger bodies early. */
export const PUBLIC_FORM_BODY_LIMIT = 64 * 1024;

/** The honeypot travels with the form; anything in it marks a bot. */
export const honeypotShape = { [HONEYPOT_FIELD]: z.string().max(1000).optional() };

/** Per-IP limit for anonymous submissions: generous for a person, useless for a spammer. */
export function publicFormRateLimit(config: Config) {
  return { max: 5 * config.rateLimitScale, timeWindow: '15 minutes' };
}

export const createdSchema = z.object({ id: z.string() });
export const errorSchema = z.object({ message: z.string() });

/** onRequest hook: public forms speak JSON only (a form post would bypass our client). */
export async function requireJson(request: FastifyRequest) {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
}

/** A filled honeypot gets a bare 400 that tells a bot nothing about why. */
export function rejectFilledHoneypot(body: Record<string, unknown>, request: FastifyRequest) {
  if (body[HONEYPOT_FIELD]) {
    request.log.info({ route: request.routeOptions.url }, 'honeypot filled: submission refused');
    throw badRequest('Invalid request');
  }
}
