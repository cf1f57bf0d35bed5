import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { enqueueMail } from '../../services/mail-outbox.ts';
import { deleteSession } from '../../services/sessions.ts';
import { recordSignInEvent } from '../../services/sign-in-log.ts';
import { HttpError } from '../../lib/errors.ts';
import { contentSecurityPolicy } from '../../plugins/security.ts';
import { emailField } from '../../../shared/schemas/fields.ts';
import { paths } from '../../../shared/routes.ts';
import { completeSignIn, landingFor } from './complete-sign-in.ts';
import { createCsrf } from './csrf.ts';
import { emailChangeRoutes } from './email-change-routes.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';

import { ratingPageRoutes } from './rating-page-routes.ts';
import { invitationRoutes } from './invitation-routes.ts';
import { createLoginLimiters } from './limits.ts';
import {
  refusalMessage,
  signInRefusalFor,
  signInRefusalForUserId,
} from '../../services/company-sso.ts';
import { ssoCompanyForEmail } from '../../services/sso-sign-in.ts';
import { ssoRoutes } from './sso-routes.ts';
import {
  PAGE_STYLE_SOURCE,
  checkInboxPage,
  invalidLinkPage,
  loginPage,
  messagePage,
  signOutPage,
  ssoRequiredPage,
  verifyPage,
  type SsoChoice,
} from './pages.ts';
import { codesTurnedOffMail, passkeyRequiredMail, signInMail } from './sign-in-mail.tsx';
import {
  consumeCode,
  consumeToken,
  findActiveUserByEmail,
  generateToken,
  isTokenUsable,
  storeToken,
} from './tokens.ts';
import { assure } from '../../plugins/session/assurance.ts';

/**
 * Every answer to a sign-in request takes at least this long, so a known address (token,
 * mail) and an unknown one (nothing to do) cannot be told apart by timing.
 */
export const LOGIN_RESPONSE_FLOOR_MS = 400;

const html = z.string().describe('HTML page');
const formText = (max: number) => z.string().max(max).optional().default('');
const CODE_PATTERN = /^\d{6}$/;
const FORM_EXPIRED = 'This page has expired. Please try again.';
const CODE_REFUSED =
  'That code is not valid or has expired. A code works for 10 minutes and 5 tries; request a new link if needed.';

const untilFloor = (started: number) =>
  sleep(Math.max(0, LOGIN_RESPONSE_FLOOR_MS - (performance.now() - started)));

/** GET/POST /api/login, the verify and code steps, GET/POST /api/logout: server-rendered, no scripts. */
export const loginRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // Signing in, and the links mail carries: each route checks its own token or form.
  assure(app, 'anonymous');
  // Form bodies are accepted here only; every JSON endpoint keeps refusing them (415).
  await app.register(formbody);
  const csrf = createCsrf(config.appUrl);
  const limits = createLoginLimiters(app, config.rateLimitScale);
  const audit = app.log.child({ module: 'sign-in' });

  const csp = contentSecurityPolicy(config.appUrl, [PAGE_STYLE_SOURCE]);
  const page = (reply: FastifyReply, status: number, body: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('content-security-policy', csp)
      .type('text/html')
      .send(body);

  const meta = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
  });

  /** A fresh session replaces whatever session this browser had. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, sessionId: string) {
    const previous = app.readSessionId(request);
    if (previous) await deleteSession(app.db, previous);
    reply.setSessionCookie(sessionId);
  }

  /** The "Continue with <company>" choice for an address whose domain an SSO company owns. */
  async function ssoChoiceFor(email: string): Promise<SsoChoice | undefined> {
    const owner = await ssoCompanyForEmail(app.db, email);
    return owner ? { company: owner.name, email } : undefined;
  }

  /** A link or code accepted for a user whose company no longer takes them (ADR 042). */
  const policyRefusedPage = (reply: FastifyReply, message: string) =>
    page(reply, 403, messagePage({ title: 'Sign in another way', message }));

  app.setErrorHandler((err: FastifyError, _request, reply) => {
    const status = hasZodFastifySchemaValidationErrors(err)
      ? 400
      : err instanceof HttpError
        ? err.statusCode
        : err.statusCode;
    if (!status || status >= 500) throw err;
    const message = status === 400 ? 'The form could not be read. Please try again.' : err.message;
    const title = status === 429 ? 'Too many attempts' : 'Sign-in problem';
    return page(reply, status, messagePage({ title, message }));
  });

  app.get(
    paths.login,
    {
      schema: {
        querystring: z.object({ email: formText(254) }),
        response: { 200: html, 303: z.null() },
      },
    },
    async (request, reply) => {
      const user = await request.loadUser();
      if (user) return reply.redirect(landingFor(user.role), 303);
      const email = emailField().safeParse(request.query.email);
      const sso = email.success ? await ssoChoiceFor(email.data) : undefined;
      return page(
        reply,
        200,
        loginPage({
          csrf: csrf.issue(request, reply),
          email: email.success ? email.data : '',
          ...(sso ? { sso } : {}),
        }),
      );
    },
  );

  app.post(
    paths.login,
    {
      preHandler: [limits.requestPerIp, limits.requestPerEmail],
      schema: {
        body: z.object({ email: formText(1000), _csrf: formText(200) }),
        response: { 200: html, 400: html, 403: html },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const token = csrf.issue(request, reply);
      if (!csrf.verify(request, request.body._csrf)) {
        return page(
          reply,
          403,
          loginPage({ csrf: token, email: request.body.email, alert: FORM_EXPIRED }),
        );
      }
      const parsed = emailField().safeParse(request.body.email);
      if (!parsed.success) {
        const error = parsed.error.issues[0]?.message ?? 'Valid email is required';
        return page(reply, 400, loginPage({ csrf: token, email: request.body.email, error }));
      }
      const email = parsed.data;
      const sso = await ssoChoiceFor(email);
      const user = await findActiveUserByEmail(app.db, email);
      const refusal = await signInRefusalFor(
        app.db,
        { id: user?.id ?? null, email, role: user?.role },
        'link',
      );
      // Generated either way: the unknown branch does the same hashing as the known one.
      const issued = generateToken(user?.id ?? randomUUID());
      if (refusal?.policy === 'sso' && sso) {
        // Decided by the domain alone, the same for every address of it, known or not.
        audit.info({ reqId: request.id }, 'sign-in link not sent: company requires SSO');
        await untilFloor(started);
        return page(reply, 200, ssoRequiredPage(sso));
      }
      if (user && refusal) {
        // The page answers as for anyone; only the mailbox learns how to sign in.
        await app.write((tx) =>
          enqueueMail(
            tx,
            passkeyRequiredMail({
              to: user.email,
              firstName: user.firstName,
              loginUrl: `${config.appUrl}${paths.login}`,
            }),
          ),
        );
        audit.info(
          { reqId: request.id, userId: user.id },
          'sign-in link not sent: passkey required',
        );
      } else if (user) {
        const stored = await app.write(async (tx) => {
          if (!(await storeToken(tx, user.id, issued))) return false;
          await enqueueMail(
            tx,
            signInMail({
              to: user.email,
              firstName: user.firstName,
              link: `${config.appUrl}${paths.login}/verify?token=${issued.token}`,
              code: issued.code,
            }),
          );
          return true;
        });
        audit.info(
          { reqId: request.id, userId: user.id },
          // Same page either way: the owner's inbox already holds that many working links.
          stored ? 'sign-in link requested' : 'sign-in link not sent: live links at their maximum',
        );
      } else {
        audit.info({ reqId: request.id }, 'sign-in link requested for an unknown address');
      }
      await untilFloor(started);
      return page(reply, 200, checkInboxPage({ csrf: token, email, ...(sso ? { sso } : {}) }));
    },
  );

  app.get(
    `${paths.login}/verify`,
    {
      // The request log would print the URL, token included: only warnings are logged here.
      logLevel: 'warn',
      preHandler: limits.verifyPerIp,
      schema: {
        querystring: z.object({ token: formText(200) }),
        response: { 200: html, 400: html },
      },
    },
    async (request, reply) => {
      // Opening the link (a person, or a mail scanner) changes nothing: only the button does.
      reply.header('referrer-policy', 'no-referrer');
      const { token } = request.query;
      if (!token || !(await isTokenUsable(app.db, token))) {
        audit.info({ reqId: request.id }, 'sign-in link not valid');
        return page(reply, 400, invalidLinkPage());
      }
      audit.info({ reqId: request.id }, 'sign-in link opened');
      return page(reply, 200, verifyPage({ csrf: csrf.issue(request, reply), token }));
    },
  );

  app.post(
    `${paths.login}/verify`,
    {
      preHandler: limits.verifyPerIp,
      schema: {
        body: z.object({ token: formText(200), _csrf: formText(200) }),
        response: { 303: z.null(), 400: html, 403: html },
      },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      if (!csrf.verify(request, request.body._csrf)) {
        audit.info({ reqId: request.id }, 'sign-in refused: form token mismatch');
        return page(
          reply,
          403,
          messagePage({
            title: 'Sign-in problem',
            message: 'This page has expired. Open the link from your e-mail again.',
          }),
        );
      }
      const done = await app.write(async (tx) => {
        const userId = await consumeToken(tx, request.body.token);
        if (!userId) return null;
        const refusal = await signInRefusalForUserId(tx, userId, 'link');
        if (refusal) return { refused: refusalMessage(refusal) };
        return completeSignIn(tx, userId, meta(request), 'link');
      });
      if (done && 'refused' in done) {
        audit.info({ reqId: request.id }, 'sign-in refused: company policy');
        return policyRefusedPage(reply, done.refused);
      }
      if (!done) {
        audit.info({ reqId: request.id }, 'sign-in refused: link expired, used or unknown');
        return page(reply, 400, invalidLinkPage());
      }
      await startSession(request, reply, done.sessionId);
      audit.info({ reqId: request.id, userId: done.userId, method: 'link' }, 'signed in');
      return reply.redirect(done.landing, 303);
    },
  );

  app.post(
    `${paths.login}/code`,
    {
      preHandler: limits.verifyPerIp,
      schema: {
        body: z.object({ email: formText(1000), code: formText(20), _csrf: formText(200) }),
        response: { 303: z.null(), 400: html, 403: html },
      },
    },
    async (request, reply) => {
      const token = csrf.issue(request, reply);
      const email = request.body.email.trim();
      const again = (status: number, codeError: string) =>
        page(reply, status, checkInboxPage({ csrf: token, email, codeError }));
      if (!csrf.verify(request, request.body._csrf)) return again(403, FORM_EXPIRED);
      const code = request.body.code.replace(/\s+/g, '');
      if (!CODE_PATTERN.test(code)) return again(400, 'Enter the 6-digit code from the e-mail.');
      const started = performance.now();
      const user = await findActiveUserByEmail(app.db, email);
      const result = user
        ? await app.write(async (tx) => {
            const checked = await consumeCode(tx, user.id, code);
            if (checked.ok === false && checked.lockedNow) {
              await enqueueMail(
                tx,
                codesTurnedOffMail({
                  to: user.email,
                  firstName: user.firstName,
                  staff: user.role === 'staff',
                }),
              );
            }
            if (!checked.ok) {
              if (checked.reason !== 'no-token')
                await recordSignInEvent(tx, {
                  userId: user.id,
                  event: 'failed-code',
                  method: 'code',
                  ...meta(request),
                });
              return checked;
            }
            const refusal = await signInRefusalFor(tx, user, 'link');
            if (refusal) return { ok: false as const, reason: 'policy' as const, refusal };
            const done = await completeSignIn(tx, user.id, meta(request), 'code');
            return done
              ? { ok: true as const, ...done }
              : { ok: false as const, reason: 'no-token' as const };
          })
        : { ok: false as const, reason: 'no-token' as const };
      if (!result.ok && 'refusal' in result) {
        // The right code proves the mailbox: its owner may learn how to sign in.
        audit.info({ reqId: request.id }, 'sign-in refused: company policy');
        return policyRefusedPage(reply, refusalMessage(result.refusal));
      }
      if (!result.ok) {
        audit.info({ reqId: request.id, reason: result.reason }, 'sign-in refused: code');
        // One message and one pace whether or not the address has an account or a live code.
        await untilFloor(started);
        return again(400, CODE_REFUSED);
      }
      await startSession(request, reply, result.sessionId);
      audit.info({ reqId: request.id, userId: result.userId, method: 'code' }, 'signed in');
      return reply.redirect(result.landing, 303);
    },
  );

  async function signOut(request: FastifyRequest, reply: FastifyReply) {
    const sessionId = app.readSessionId(request);
    const userId = sessionId ? await deleteSession(app.db, sessionId) : null;
    if (userId)
      await recordSignInEvent(app.db, {
        userId,
        event: 'sign-out',
        method: null,
        ...meta(request),
      });
    audit.info({ reqId: request.id, hadSession: !!sessionId }, 'signed out');
    return reply.clearSessionCookie().header('cache-control', 'no-store').redirect(paths.home, 303);
  }

  // The spec's link for the app's own menus. A top-level navigation from another site
  // (Sec-Fetch-Site: cross-site) would sign the user out unasked: it gets a button instead. So
  // does anything but a navigation, even of this site: an image of an article (whose address
  // an author chose) must not sign its reader out (outside attack, 2026-11-29).
  app.get(
    paths.logout,
    { schema: { response: { 200: html, 303: z.null() } } },
    async (request, reply) => {
      const dest = request.headers['sec-fetch-dest'];
      const navigation = dest === undefined || dest === 'document';
      if (navigation && request.headers['sec-fetch-site'] !== 'cross-site')
        return signOut(request, reply);
      audit.info(
        { reqId: request.id, dest },
        'sign-out not by a navigation here: asked to confirm',
      );
      return page(reply, 200, signOutPage({ csrf: csrf.issue(request, reply) }));
    },
  );

  app.post(
    paths.logout,
    {
      schema: {
        body: z.object({ _csrf: formText(200) }).optional(),
        response: { 303: z.null(), 403: html },
      },
    },
    async (request, reply) => {
      if (!csrf.verify(request, request.body?._csrf)) {
        return page(reply, 403, messagePage({ title: 'Sign-out problem', message: FORM_EXPIRED }));
      }
      return signOut(request, reply);
    },
  );

  // Same scope: the form parser, the CSRF cookie and the HTML error pages.
  await app.register(emailChangeRoutes, { config, csrf, page });
  await app.register(unsubscribeRoutes, { config, page });

  await app.register(ratingPageRoutes, { config, csrf, page });
  await app.register(ssoRoutes, { config, page, limit: limits.verifyPerIp });
  await app.register(invitationRoutes, { csrf, page, limit: limits.verifyPerIp });
};
