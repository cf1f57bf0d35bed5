import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { HONEYPOT_FIELD } from '../../shared/honeypot.ts';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { enqueueMail, type MailMessage } from '../services/mail-outbox.ts';
import {
  PUBLIC_FORM_BODY_LIMIT,
  createdSchema,
  errorSchema,
  honeypotShape,
  publicFormRateLimit,
  rejectFilledHoneypot,
  requireJson,
} from '../lib/public-form.ts';

type HoneypotFields = { [HONEYPOT_FIELD]?: string | undefined };
type Body<TShape extends z.ZodRawShape> = z.output<z.ZodObject<TShape>> & HoneypotFields;
/** A valid submission, the honeypot left out. */
type Submission<TShape extends z.ZodRawShape> = Omit<Body<TShape>, typeof HONEYPOT_FIELD>;

/** What each public form declares: its URL, its shared schema, its row and its two mails. */
export type PublicForm<TShape extends z.ZodRawShape> = {
  url: `/api/${string}`;
  /** Starts the reference quoted to the visitor and sales: `C-1A2B3C4D`. */
  referencePrefix: string;
  /** The shared schema the client validates with too. */
  schema: z.ZodObject<TShape>;
  /** Inserts the submission row and answers its id. */
  store: (tx: Tx, input: Submission<TShape>) => Promise<string>;
  /**
   * The sales team's copy, and the visitor's acknowledgement. The acknowledgement goes to
   * whatever address was typed in, so it is fixed text and the reference: echoing the
   * sender's words would make the form a spam relay.
   */
  mails: {
    toSales: (salesEmail: string, input: Submission<TShape>, reference: string) => MailMessage;
    toVisitor: (input: Submission<TShape>, reference: string) => MailMessage;
  };
};

/** The reference of a stored submission: its kind and the start of its id, e.g. `C-1A2B3C4D`. */
export const referenceOf = (prefix: string, id: string) =>
  `${prefix}-${id.slice(0, 8).toUpperCase()}`;

/**
 * POST `url` for an anonymous form: JSON only, size and rate limited, honeypot refused,
 * then the row and both mails in one transaction so a submission survives an SMTP outage.
 */
export function publicFormRoute<TShape extends z.ZodRawShape>(
  form: PublicForm<TShape>,
): FastifyPluginAsyncZod<{ config: Config }> {
  return async (app, { config }) => {
    app.post(
      form.url,
      {
        bodyLimit: PUBLIC_FORM_BODY_LIMIT,
        config: { assurance: 'anonymous', rateLimit: publicFormRateLimit(config) },
        onRequest: requireJson,
        schema: {
          body: form.schema.extend(honeypotShape),
          response: { 201: createdSchema, 400: errorSchema },
        },
      },
      async (request, reply) => {
        // The type provider cannot resolve a generic schema's output: this is what `body` parsed to.
        const body = request.body as Body<TShape>;
        rejectFilledHoneypot(body, request);
        const { [HONEYPOT_FIELD]: _honeypot, ...input } = body;
        const id = await app.write(async (tx) => {
          const rowId = await form.store(tx, input);
          const reference = referenceOf(form.referencePrefix, rowId);
          await enqueueMail(tx, [
            form.mails.toSales(config.salesEmail, input, reference),
            form.mails.toVisitor(input, reference),
          ]);
          return rowId;
        });
        return reply.status(201).send({ id });
      },
    );
  };
}
