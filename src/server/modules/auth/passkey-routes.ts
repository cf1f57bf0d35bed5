import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { HttpError } from '../../lib/errors.ts';
import { userOf } from '../../plugins/session/actor.ts';
import {
  deletePasskey,
  finishAuthentication,
  finishRegistration,
  listPasskeys,
  mayEnrolPasskey,
  relyingPartyFor,
  renamePasskey,
  startAuthentication,
  startRegistration,
  CHALLENGE_TTL_MS,
} from '../../services/passkeys.ts';
import { refusalMessage, signInRefusalForUserId } from '../../services/company-sso.ts';
import { deleteSession, markSecondFactor, sha256 } from '../../services/sessions.ts';
import { recordSignInEvent } from '../../services/sign-in-log.ts';
import {
  PASSKEY_MESSAGES,
  passkeyListSchema,
  passkeySchema,
  passkeySignInResultSchema,
  passkeySignInSchema,
  registerPasskeySchema,
  renamePasskeySchema,
} from '../../../shared/schemas/passkeys.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { completeSignIn, landingFor } from './complete-sign-in.ts';
import { assure } from '../../plugins/session/assurance.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
};
/** The browser's options, passed to @simplewebauthn/browser as they are. */
const webauthnOptions = z.record(z.string(), z.unknown());
const passkeyParams = idParam('passkeyId');
type SignInOutcome =
  | { userId: string; refused: string }
  | {
      userId: string;
      sessionId: string | null;
      /** The second factor passed on this session: its new id (services/sessions.ts). */
      renewedId?: string | null;
      landing: string;
      newSession: boolean;
    };

/**
 * Passkeys (issue 19, docs/decisions/040-passkeys.md): a signed-in user's own passkeys under
 * `/api/auth/passkeys`, and signing in (or passing staff's second factor) with one under
 * `/api/auth/passkey-sign-in`. Each ceremony is an options call then a verify call; the
 * challenge between them is named by a short-lived signed cookie and, when signed in, bound to
 * the session too.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // Signing in with a passkey; the account's own passkeys below declare more.
  assure(app, 'anonymous');
  const rp = relyingPartyFor(config.appUrl);
  const secure = config.appUrl.startsWith('https:');
  const cookieName = secure ? '__Host-webauthn' : 'webauthn';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict', secure } as const;
  const audit = app.log.child({ module: 'passkeys' });
  const writeLimit = { rateLimit: { max: 30 * config.rateLimitScale, timeWindow: 60_000 } };
  // Sign-in pages ask for options on every load (autofill); verifying is the guessable step.
  const optionsLimit = {
    rateLimit: { max: 100 * config.rateLimitScale, timeWindow: FIFTEEN_MINUTES },
  };
  const verifyLimit = {
    rateLimit: { max: 30 * config.rateLimitScale, timeWindow: FIFTEEN_MINUTES },
  };

  const meta = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
  });
  const setChallengeCookie = (reply: FastifyReply, challengeId: string) =>
    reply.setCookie(cookieName, challengeId, {
      ...cookieOptions,
      signed: true,
      maxAge: CHALLENGE_TTL_MS / 1000,
    });
  /** The challenge row this browser was given (and forgets it: it works once). */
  function takeChallengeId(request: FastifyRequest, reply: FastifyReply): string | null {
    const raw = request.cookies[cookieName];
    if (raw === undefined) return null;
    reply.clearCookie(cookieName, cookieOptions);
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  }
  /** The signed-in session's hash, or null when the request has no usable session. */
  async function sessionOf(request: FastifyRequest) {
    const user = await request.loadUser();
    const rawId = user ? app.readSessionId(request) : null;
    return { user, binding: { sessionHash: rawId ? sha256(rawId) : null } };
  }

  await app.register(async (scope) => {
    const own = scope.withTypeProvider<ZodTypeProvider>();
    // Renaming and removing need a session past both factors (a customer's always is);
    // adding one needs a recent sign-in: a stolen old session cannot leave a way back in.
    assure(own, 'signed-in');
    const addingAFactor = { ...writeLimit, assurance: 'adding-a-factor' } as const;

    own.get(
      '/api/auth/passkeys',
      { onRequest: app.limitReads, schema: { response: { 200: passkeyListSchema, ...errors } } },
      async (request) => listPasskeys(app.db, userOf(request).id),
    );

    own.post(
      '/api/auth/passkeys/registration-options',
      { config: addingAFactor, schema: { response: { 200: webauthnOptions, ...errors } } },
      async (request, reply) => {
        const user = userOf(request);
        if (!(await mayEnrolPasskey(app.db, user))) {
          throw new HttpError(403, PASSKEY_MESSAGES.enrolOnly);
        }
        const { binding } = await sessionOf(request);
        const started = await app.write((tx) => startRegistration(tx, rp, user, binding));
        setChallengeCookie(reply, started.challengeId);
        return { ...started.options };
      },
    );

    own.post(
      '/api/auth/passkeys',
      {
        config: addingAFactor,
        schema: { body: registerPasskeySchema, response: { 201: passkeySchema, ...errors } },
      },
      async (request, reply) => {
        const user = userOf(request);
        const { binding } = await sessionOf(request);
        const challengeId = takeChallengeId(request, reply);
        const saved = await app.write(async (tx) => {
          if (!(await mayEnrolPasskey(tx, user))) {
            throw new HttpError(403, PASSKEY_MESSAGES.enrolOnly);
          }
          const passkey = await finishRegistration(
            tx,
            rp,
            user,
            challengeId,
            binding,
            request.body,
          );
          // A staff member enrolling their first second factor has just proved it.
          let renewedId: string | null = null;
          if (user.secondFactorPending && binding.sessionHash) {
            renewedId = await markSecondFactor(tx, binding.sessionHash, { wasPending: true });
            await recordSignInEvent(tx, {
              userId: user.id,
              event: 'sign-in',
              method: 'passkey',
              ...meta(request),
            });
          }
          return { passkey, renewedId };
        });
        if (saved.renewedId) reply.setSessionCookie(saved.renewedId);
        audit.info({ reqId: request.id, userId: user.id }, 'passkey registered');
        return reply.status(201).send(saved.passkey);
      },
    );

    own.patch(
      '/api/auth/passkeys/:passkeyId',
      {
        config: writeLimit,
        schema: {
          params: passkeyParams,
          body: renamePasskeySchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const { id: userId } = userOf(request);
        await renamePasskey(app.db, userId, request.params.passkeyId, request.body.name);
        return reply.status(204).send(null);
      },
    );

    own.delete(
      '/api/auth/passkeys/:passkeyId',
      {
        config: writeLimit,
        schema: { params: passkeyParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        const { id: userId } = userOf(request);
        await deletePasskey(app.db, userId, request.params.passkeyId);
        audit.info({ reqId: request.id, userId }, 'passkey removed');
        return reply.status(204).send(null);
      },
    );
  });

  app.post(
    '/api/auth/passkey-sign-in/options',
    { config: optionsLimit, schema: { response: { 200: webauthnOptions, ...errors } } },
    async (request, reply) => {
      const { binding } = await sessionOf(request);
      const started = await app.write((tx) => startAuthentication(tx, rp, binding));
      setChallengeCookie(reply, started.challengeId);
      return { ...started.options };
    },
  );

  app.post(
    '/api/auth/passkey-sign-in',
    {
      config: verifyLimit,
      schema: {
        body: passkeySignInSchema,
        response: { 200: passkeySignInResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user, binding } = await sessionOf(request);
      const challengeId = takeChallengeId(request, reply);
      const done = await app.write(async (tx): Promise<SignInOutcome> => {
        const { userId } = await finishAuthentication(
          tx,
          rp,
          challengeId,
          binding,
          request.body.response,
        );
        if (!user) {
          // Returned, not thrown: the challenge stays used up (review N5).
          const refusal = await signInRefusalForUserId(tx, userId, 'passkey');
          if (refusal) return { userId, refused: refusalMessage(refusal) };
          const signedIn = await completeSignIn(tx, userId, meta(request), 'passkey');
          if (!signedIn) throw new HttpError(400, PASSKEY_MESSAGES.notAccepted);
          return { ...signedIn, newSession: true };
        }
        // Signed in already: the passkey can only confirm this account (staff's second factor).
        if (userId !== user.id) throw new HttpError(403, PASSKEY_MESSAGES.otherAccount);
        let renewedId: string | null = null;
        if (user.secondFactorPending && binding.sessionHash) {
          renewedId = await markSecondFactor(tx, binding.sessionHash, { wasPending: true });
          await recordSignInEvent(tx, {
            userId,
            event: 'sign-in',
            method: 'passkey',
            ...meta(request),
          });
        }
        return {
          userId,
          sessionId: null,
          renewedId,
          landing: landingFor(user.role),
          newSession: false,
        };
      });
      if ('refused' in done) {
        audit.info({ reqId: request.id, userId: done.userId }, 'passkey sign-in refused: policy');
        throw new HttpError(403, done.refused);
      }
      if (done.sessionId) {
        const previous = app.readSessionId(request);
        if (previous) await deleteSession(app.db, previous);
        reply.setSessionCookie(done.sessionId);
      }
      if (done.renewedId) reply.setSessionCookie(done.renewedId);
      audit.info(
        { reqId: request.id, userId: done.userId, method: 'passkey', newSession: done.newSession },
        done.newSession ? 'signed in' : 'second factor passed',
      );
      return { landing: done.landing };
    },
  );
};
