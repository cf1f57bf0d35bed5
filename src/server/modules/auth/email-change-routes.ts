import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { createCsrf } from './csrf.ts';
import {
  afterConfirm,
  confirmEmailChange,
  findChangeToConfirm,
  findChangeToReport,
  reportEmailChange,
} from './email-change.ts';
import { EMAIL_CHANGE_PATHS } from './email-change-paths.ts';
import {
  addressTakenPage,
  confirmEmailPage,
  emailLinkNotValidPage,
  messagePage,
  otherAccountPage,
  reportChangePage,
  reportDonePage,
  reportLinkNotValidPage,
  signInAgainToConfirmPage,
  signInToConfirmPage,
} from './pages.ts';
import { AssuranceError } from '../../plugins/session/assurance.ts';
import { userOf } from '../../plugins/session/actor.ts';

const html = z.string().describe('HTML page');
const formText = (max: number) => z.string().max(max).optional().default('');
const tokenQuery = z.object({ token: formText(200) });
const tokenForm = z.object({ token: formText(200), _csrf: formText(200) });
const EXPIRED = messagePage({
  title: 'Page expired',
  message: 'This page has expired. Open the link from your e-mail again.',
});

type Options = {
  config: Config;
  csrf: ReturnType<typeof createCsrf>;
  /** The sign-in pages' sender: no-store, their CSP, HTML. */
  page: (reply: FastifyReply, status: number, body: string) => FastifyReply;
};

/**
 * The two links of an address change, each a GET that only shows a button (mail scanners
 * open links) and a POST that acts: confirm (the signed-in owner, from the new address's
 * mail) and report (from the old address's mail, signed in or not). Registered inside the
 * sign-in scope for its form parser and error pages. Tokens travel in URLs: warn-level logs only.
 */
export const emailChangeRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { config, csrf, page },
) => {
  const audit = app.log.child({ module: 'email-change' });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('referrer-policy', 'no-referrer');
    done();
  });

  app.get(
    EMAIL_CHANGE_PATHS.confirm,
    {
      logLevel: 'warn',
      schema: { querystring: tokenQuery, response: { 200: html, 400: html, 403: html } },
    },
    async (request, reply) => {
      const { token } = request.query;
      const change = token ? await findChangeToConfirm(app.db, token) : undefined;
      if (!change) return page(reply, 400, emailLinkNotValidPage());
      const user = await request.loadUser();
      if (!user) return page(reply, 200, signInToConfirmPage());
      if (user.id !== change.userId) return page(reply, 403, otherAccountPage());
      const form = { csrf: csrf.issue(request, reply), token, newEmail: change.newEmail };
      return page(reply, 200, confirmEmailPage(form));
    },
  );

  app.post(
    EMAIL_CHANGE_PATHS.confirm,
    {
      // The change takes effect here: a stolen or half-signed-in session cannot make it.
      config: { assurance: 'recent-sign-in' },
      errorHandler: (err, _request, reply) => {
        if (!(err instanceof AssuranceError)) throw err;
        if (err.refusal === 'signed-out') return page(reply, 401, signInToConfirmPage());
        return page(reply, 403, signInAgainToConfirmPage());
      },
      logLevel: 'warn',
      schema: {
        body: tokenForm,
        response: { 303: z.null(), 400: html, 401: html, 403: html, 409: html },
      },
    },
    async (request, reply) => {
      if (!csrf.verify(request, request.body._csrf)) return page(reply, 403, EXPIRED);
      const user = userOf(request);
      const result = await confirmEmailChange(app.db, request.body.token, user.id);
      audit.info({ reqId: request.id, userId: user.id, result }, 'e-mail change confirmation');
      if (result === 'invalid') return page(reply, 400, emailLinkNotValidPage());
      if (result === 'taken') return page(reply, 409, addressTakenPage());
      return reply.header('cache-control', 'no-store').redirect(afterConfirm(user.role), 303);
    },
  );

  app.get(
    EMAIL_CHANGE_PATHS.report,
    { logLevel: 'warn', schema: { querystring: tokenQuery, response: { 200: html, 400: html } } },
    async (request, reply) => {
      const { token } = request.query;
      if (!token || !(await findChangeToReport(app.db, token))) {
        return page(reply, 400, reportLinkNotValidPage());
      }
      return page(reply, 200, reportChangePage({ csrf: csrf.issue(request, reply), token }));
    },
  );

  app.post(
    EMAIL_CHANGE_PATHS.report,
    {
      logLevel: 'warn',
      schema: { body: tokenForm, response: { 200: html, 400: html, 403: html } },
    },
    async (request, reply) => {
      if (!csrf.verify(request, request.body._csrf)) return page(reply, 403, EXPIRED);
      const reported = await app.write((tx) =>
        reportEmailChange(tx, request.body.token, config.supportEmail),
      );
      audit.warn({ reqId: request.id, reported: !!reported }, 'unrequested e-mail change reported');
      if (!reported) return page(reply, 400, reportLinkNotValidPage());
      return page(reply, 200, reportDonePage(reported));
    },
  );
};
