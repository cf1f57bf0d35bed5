import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { intakeMessages, unmatchedMails } from '../../db/schema.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { storedFile } from '../../lib/stored-file.ts';
import { notFound } from '../../lib/errors.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  attachUnmatched,
  discardUnmatched,
  UNMATCHED_NOT_FOUND,
} from '../../services/intake/unmatched.ts';
import {
  attachUnmatchedSchema,
  unmatchedMailQuerySchema,
  unmatchedMailSchema,
  type UnmatchedMail,
} from '../../../shared/schemas/staff-unmatched-mail.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { messageSchema } from '../route-schemas.ts';

/**
 * The open queue in pages (issue 20), newest first (`unmatched_mails_status_idx`); `q` on
 * sender and subject, `reason` a filter. No trigram index: an agent empties the queue daily.
 */
const unmatchedMailPages: PagedList<UnmatchedMail, 'reason'> = {
  name: 'staff-unmatched-mail',
  scope: 'staff',
  from: sql`${unmatchedMails}`,
  row: () => ({
    id: unmatchedMails.id,
    fromAddress: unmatchedMails.fromAddress,
    fromName: unmatchedMails.fromName,
    subject: unmatchedMails.subject,
    text: unmatchedMails.text,
    reason: unmatchedMails.reason,
    createdAt: isoTimestamp(unmatchedMails.createdAt),
  }),
  order: [
    { expr: unmatchedMails.createdAt, desc: true, type: 'timestamptz' },
    { expr: unmatchedMails.id, desc: true, type: 'uuid' },
  ],
  search: [unmatchedMails.fromAddress, unmatchedMails.fromName, unmatchedMails.subject],
  filters: { reason: unmatchedMails.reason },
};
const params = z.object({ id: z.uuid('Not Found') });

/** The help desk's "Unmatched mail" queue: mail intake could not place (staff only, under /api/staff). */
export const unmatchedMailRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get(
    '/unmatched-mail',
    {
      schema: {
        querystring: unmatchedMailQuerySchema,
        response: { 200: z.array(unmatchedMailSchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, unmatchedMailPages, {
        where: eq(unmatchedMails.status, 'open'),
        query: request.query,
      }),
  );

  /** The original message, as it arrived. */
  app.get('/unmatched-mail/:id/eml', { schema: { params } }, async (request, reply) => {
    const [row] = await app.db
      .select({ emlKey: intakeMessages.emlKey })
      .from(unmatchedMails)
      .innerJoin(intakeMessages, eq(intakeMessages.messageId, unmatchedMails.messageId))
      .where(eq(unmatchedMails.id, request.params.id));
    if (!row) throw notFound(UNMATCHED_NOT_FOUND);
    const stream = await storedFile(app, row.emlKey, UNMATCHED_NOT_FOUND);
    return reply
      .header('content-type', 'message/rfc822')
      .header('content-disposition', contentDisposition('attachment', `${request.params.id}.eml`))
      .send(stream);
  });

  app.post(
    '/unmatched-mail/:id/attach',
    {
      // It may add the sender to a company as a new user: access that outlives a token.
      config: { assurance: 'staff-session' },
      schema: {
        params,
        body: attachUnmatchedSchema,
        response: { 201: z.object({ ticketId: z.string() }) },
      },
    },
    async (request, reply) => {
      const ticketId = await app.write((tx) =>
        attachUnmatched(tx, config, {
          id: request.params.id,
          input: request.body,
          agent: actorOf(request),
        }),
      );
      return reply.status(201).send({ ticketId });
    },
  );

  app.post('/unmatched-mail/:id/discard', { schema: { params } }, async (request, reply) => {
    await app.write((tx) =>
      discardUnmatched(tx, { id: request.params.id, agent: actorOf(request) }),
    );
    return reply.status(204).send();
  });
};
