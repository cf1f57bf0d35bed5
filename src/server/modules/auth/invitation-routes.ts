import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVITATION_PATH } from '../../../shared/routes.ts';
import { acceptInvitation, findInvitation } from '../../services/invitations.ts';
import type { createCsrf } from './csrf.ts';
import {
  invitationAcceptedPage,
  invitationNotValidPage,
  invitationPage,
  messagePage,
} from './pages.ts';

const html = z.string().describe('HTML page');
const formText = (max: number) => z.string().max(max).optional().default('');
const NAMES_NEEDED = 'Enter your first and last name.';

type Options = {
  csrf: ReturnType<typeof createCsrf>;
  page: (reply: FastifyReply, status: number, body: string) => FastifyReply;
  /** The sign-in links' per-IP limit: a token is as strong as theirs. */
  limit: (request: FastifyRequest) => Promise<void>;
};

/**
 * A colleague invitation's link (review N3, ADR 046): a GET that only shows what accepting
 * means and a button (mail scanners open links), and a POST that accepts. The mailed token
 * proves the address, so no sign-in is needed; accepting does not sign in either (the
 * company's sign-in policy and second factor still apply at sign-in). Tokens travel in URLs:
 * warn-level logs only, no referrer.
 */
export const invitationRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { csrf, page, limit },
) => {
  const audit = app.log.child({ module: 'invitation' });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('referrer-policy', 'no-referrer');
    done();
  });

  app.get(
    INVITATION_PATH,
    {
      logLevel: 'warn',
      preHandler: limit,
      schema: {
        querystring: z.object({ token: formText(200) }),
        response: { 200: html, 400: html },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const offer = token ? await findInvitation(app.db, token) : undefined;
      if (!offer) return page(reply, 400, invitationNotValidPage());
      return page(
        reply,
        200,
        invitationPage({ csrf: csrf.issue(request, reply), token, ...offer }),
      );
    },
  );

  app.post(
    INVITATION_PATH,
    {
      logLevel: 'warn',
      preHandler: limit,
      schema: {
        body: z.object({
          token: formText(200),
          firstName: formText(100),
          lastName: formText(100),
          _csrf: formText(200),
        }),
        response: { 200: html, 400: html, 403: html },
      },
    },
    async (request, reply) => {
      const { token, firstName, lastName, _csrf } = request.body;
      if (!csrf.verify(request, _csrf))
        return page(
          reply,
          403,
          messagePage({
            title: 'Page expired',
            message: 'This page has expired. Open the link from your e-mail again.',
          }),
        );
      const result = await app.write((tx) => acceptInvitation(tx, { token, firstName, lastName }));
      audit.info({ reqId: request.id, result: result.status }, 'invitation answered');
      if (result.status === 'invalid') return page(reply, 400, invitationNotValidPage());
      if (result.status === 'names-needed') {
        const offer = await findInvitation(app.db, token);
        if (!offer) return page(reply, 400, invitationNotValidPage());
        const form = { csrf: csrf.issue(request, reply), token, firstName, lastName };
        return page(reply, 400, invitationPage({ ...form, ...offer, error: NAMES_NEEDED }));
      }
      return page(reply, 200, invitationAcceptedPage(result));
    },
  );
};
