import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HONEYPOT_FIELD } from '../../shared/honeypot.ts';
import { PUBLIC_FORM_BODY_LIMIT } from './public-form.ts';

/**
 * A public form posted as a plain HTML form (no JavaScript, or not loaded yet) to the page
 * it is on: docs/decisions/024-public-islands.md. The page routes of modules/contact and
 * modules/quote use these.
 */
export const formPageRouteOptions = { bodyLimit: PUBLIC_FORM_BODY_LIMIT } as const;

/** The named fields of a urlencoded body as text; a missing field is blank, a repeated one keeps its first value. */
export function formFields<Name extends string>(body: unknown, names: readonly Name[]) {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (value: unknown): string =>
    typeof value === 'string' ? value : Array.isArray(value) ? text(value[0]) : '';
  return Object.fromEntries(names.map((name) => [name, text(fields[name])])) as Record<
    Name,
    string
  >;
}

/** The first message of each invalid field (spec section 5: shown under the field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/**
 * Sends a submission that passed the form's checks through the form's JSON route, from the
 * visitor's address: its honeypot, rate limit, storage and mails are the only ones, whichever
 * way the form was sent. Answers the route's status and message.
 */
export async function submitThroughApi(
  app: FastifyInstance,
  request: FastifyRequest,
  url: string,
  fields: Record<string, string>,
): Promise<{ status: number; message?: string }> {
  const honeypot = formFields(request.body, [HONEYPOT_FIELD])[HONEYPOT_FIELD];
  const response = await app.inject({
    method: 'POST',
    url,
    remoteAddress: request.ip,
    headers: {
      'content-type': 'application/json',
      'user-agent': request.headers['user-agent'] ?? '',
    },
    payload: honeypot ? { ...fields, [HONEYPOT_FIELD]: honeypot } : fields,
  });
  let message: string | undefined;
  try {
    const parsed = response.json<{ message?: unknown }>();
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // No JSON body: the status says enough.
  }
  return { status: response.statusCode, message };
}
