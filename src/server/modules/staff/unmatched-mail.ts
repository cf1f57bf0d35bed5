import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { intakeMessages, unmatchedMails } from '../../db/schema.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { notFound } from '../../lib/errors.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  attachUnmatched,
  discardUnmatched,
  UNMATCHED_NOT_FOUND,
} from '../../services/intake/unmatched.ts';
import {
  attachUnmatchedSchema,
  unmatchedMailSchema,
} from '../../../shared/schemas/staff-unmatched-mail.ts';
import { iso } from './lookups.ts';

const QUEUE_LIMIT = 500;
const params = z.object({ id: z.uuid('Not Found') });

/** The help desk's "Unmatched mail" queue: mail intake could not place (staff only, under /api/staff). */
export const unmatchedMailRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get(
    '/unmatched-mail',
    { schema: { response: { 200: z.array(unmatchedMailSchema) } } },
    async () => {
      const rows = await app.db
        .select({
          id: unmatchedMails.id,
          fromAddress: unmatchedMails.fromAddress,
          fromName: unmatchedMails.fromName,
          subject: unmatchedMails.subject,
          text: unmatchedMails.text,
          reason: unmatchedMails.reason,
          createdAt: unmatchedMails.createdAt,
        })
        .from(unmatchedMails)
        .where(eq(unmatchedMails.status, 'open'))
        .orderBy(desc(unmatchedMails.createdAt))
        .limit(QUEUE_LIMIT);
      return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
    },
  );

  /** The original message, as it arrived. */
  app.get('/unmatched-mail/:id/eml', { schema: { params } }, async (request, reply) => {
    const [row] = await app.db
      .select({ emlKey: intakeMessages.emlKey })
      .from(unmatchedMails)
      .innerJoin(intakeMessages, eq(intakeMessages.messageId, unmatchedMails.messageId))
      .where(eq(unmatchedMails.id, request.params.id));
    if (!row) throw notFound(UNMATCHED_NOT_FOUND);
    const stream = await app.storage.get(row.emlKey).catch(() => {
      throw notFound(UNMATCHED_NOT_FOUND);
    });
    return reply
      .header('content-type', 'message/rfc822')
      .header('content-disposition', contentDisposition('attachment', `${request.params.id}.eml`))
      .send(stream);
  });

  app.post(
    '/unmatched-mail/:id/attach',
    {
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
