import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { HttpError, conflict, forbidden } from '../../lib/errors.ts';
import { userOf } from '../../plugins/session/actor.ts';
import { enqueueMail } from '../../services/mail-outbox.ts';
import { secondFactorCodesTurnedOffMail } from '../../services/second-factor-mail.tsx';
import {
  confirmTotpEnrolment,
  mayEnrol,
  regenerateRecoveryCodes,
  secondFactorStatus,
  startTotpEnrolment,
  useRecoveryCode,
  verifyTotp,
  type CodeCheck,
} from '../../services/second-factor.ts';
import {
  DEVICE_REMEMBERED_MS,
  knownDevice,
  rememberDevice,
} from '../../services/second-factor-devices.ts';
import { markSecondFactor, sha256 } from '../../services/sessions.ts';
import { recordSignInEvent } from '../../services/sign-in-log.ts';
import {
  SECOND_FACTOR_MESSAGES,
  recoveryCodesSchema,
  secondFactorStatusSchema,
  secondFactorVerifySchema,
  totpCodeSchema,
  totpEnrolmentSchema,
} from '../../../shared/schemas/second-factor.ts';
import type { SecondFactorMethod } from '../../../shared/schemas/auth.ts';
import { messageSchema } from '../route-schemas.ts';
import { createLoginLimiters } from './limits.ts';
import { assure } from '../../plugins/session/assurance.ts';
import { hostCookieName } from '../../plugins/session/plugin.ts';

const errors = {
  400: messageSchema,
  401: messageSchema,
  403: messageSchema,
  409: messageSchema,
  429: messageSchema,
};

/**
 * Staff's second factor (issue 19): the status, setting up an authenticator app, and
 * confirming a session with an authenticator or recovery code. Customers get 403.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  assure(app, 'half-signed-in');
  // After the assurance hook (also preParsing, registered first): the user is known here.
  app.addHook('preParsing', async (request) => {
    if (userOf(request).role !== 'staff') throw forbidden();
  });
  // Typed codes from one address share the sign-in codes' limit (same key, same store).
  const limits = createLoginLimiters(app, config.rateLimitScale);
  const rootSecrets = config.sessionSecrets;
  const base = '/api/auth/second-factor';

  const sessionHash = (request: FastifyRequest) => sha256(app.readSessionId(request) ?? '');
  // Known browsers count their own wrong codes (services/second-factor-devices.ts).
  const deviceCookie = hostCookieName(config.appUrl, 'sf-device');
  const deviceOf = (tx: Tx, request: FastifyRequest) =>
    knownDevice(tx, userOf(request).id, request.cookies[deviceCookie]);
  const rememberBrowser = (reply: FastifyReply, token: string | null) => {
    if (!token) return;
    reply.setCookie(deviceCookie, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.appUrl.startsWith('https:'),
      maxAge: DEVICE_REMEMBERED_MS / 1000,
    });
  };
  const meta = (request: FastifyRequest) => ({
    userAgent: request.headers['user-agent'] ?? null,
    ip: request.ip,
  });

  /** A refused code: logged, counted (by the service), the owner told when codes turn off. */
  async function refused(
    tx: Tx,
    request: FastifyRequest,
    check: CodeCheck,
    method: SecondFactorMethod,
  ) {
    if (check.ok) return;
    const user = userOf(request);
    if (check.lockedNow) {
      await enqueueMail(
        tx,
        secondFactorCodesTurnedOffMail({
          to: user.email,
          firstName: user.firstName,
          where: check.lockedNow,
        }),
      );
    }
    if (check.reason === 'wrong-code') {
      await recordSignInEvent(tx, {
        userId: user.id,
        event: 'failed-code',
        method,
        ...meta(request),
      });
    }
  }
  /** Thrown after the transaction committed, so the failure stays counted. */
  const refusal = (check: CodeCheck, wrong: string) => {
    if (check.ok) return null;
    if (check.lockedWhere) {
      return new HttpError(
        400,
        check.lockedWhere === 'known-browser'
          ? SECOND_FACTOR_MESSAGES.lockedHere
          : SECOND_FACTOR_MESSAGES.locked,
      );
    }
    if (check.reason === 'no-authenticator')
      return new HttpError(400, SECOND_FACTOR_MESSAGES.noAuthenticator);
    return new HttpError(400, wrong);
  };

  app.get(
    base,
    { schema: { response: { 200: secondFactorStatusSchema, ...errors } } },
    async (request) => {
      const user = userOf(request);
      const status = await secondFactorStatus(app.db, user.id);
      return { pending: user.secondFactorPending, ...status };
    },
  );

  app.post(
    `${base}/totp`,
    {
      config: {
        assurance: 'adding-a-factor',
        rateLimit: { max: 10 * config.rateLimitScale, timeWindow: 60_000 },
      },
      schema: { response: { 200: totpEnrolmentSchema, ...errors } },
    },
    async (request, reply) => {
      const user = userOf(request);
      const enrolment = await app.write(async (tx) => {
        const status = await secondFactorStatus(tx, user.id);
        if (!mayEnrol(user.secondFactorPending, status)) {
          throw new HttpError(403, SECOND_FACTOR_MESSAGES.enrolNotAllowed);
        }
        return startTotpEnrolment(tx, user, rootSecrets);
      });
      if (!enrolment) throw conflict(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
      const svg = await QRCode.toString(enrolment.uri, { type: 'svg', margin: 1 });
      reply.header('cache-control', 'no-store');
      return {
        ...enrolment,
        qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },
  );

  app.post(
    `${base}/totp/confirm`,
    {
      config: { assurance: 'adding-a-factor' },
      preHandler: limits.verifyPerIp,
      schema: { body: totpCodeSchema, response: { 200: recoveryCodesSchema, ...errors } },
    },
    async (request, reply) => {
      const user = userOf(request);
      const result = await app.write(async (tx) => {
        const status = await secondFactorStatus(tx, user.id);
        if (!mayEnrol(user.secondFactorPending, status)) {
          throw new HttpError(403, SECOND_FACTOR_MESSAGES.enrolNotAllowed);
        }
        const deviceId = await deviceOf(tx, request);
        const check = await confirmTotpEnrolment(
          tx,
          user.id,
          deviceId,
          request.body.code,
          rootSecrets,
        );
        if (!check.ok) {
          await refused(tx, request, check, 'totp');
          return { check, recoveryCodes: [], device: null, renewedId: null };
        }
        const recoveryCodes = await regenerateRecoveryCodes(tx, user.id);
        const device = await rememberDevice(tx, user.id, deviceId);
        let renewedId: string | null = null;
        if (user.secondFactorPending) {
          renewedId = await markSecondFactor(tx, sessionHash(request), {
            wasPending: user.secondFactorPending,
          });
          await recordSignInEvent(tx, {
            userId: user.id,
            event: 'sign-in',
            method: 'totp',
            ...meta(request),
          });
        }
        return { check, recoveryCodes, device, renewedId };
      });
      const refusedWith = refusal(result.check, SECOND_FACTOR_MESSAGES.wrongCode);
      if (refusedWith) throw refusedWith;
      if (result.renewedId) reply.setSessionCookie(result.renewedId);
      rememberBrowser(reply, result.device);
      reply.header('cache-control', 'no-store');
      return { recoveryCodes: result.recoveryCodes };
    },
  );

  app.post(
    `${base}/verify`,
    {
      preHandler: limits.verifyPerIp,
      schema: { body: secondFactorVerifySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { method, code } = request.body;
      // Pending: this completes the sign-in. Signed in already: it confirms it is still the
      // owner, which makes the session recent again for the staff-recent routes (SSO, sign-in
      // policy, second-factor resets) without signing out (issue 35).
      const { check, device, renewedId } = await app.write(async (tx) => {
        const deviceId = await deviceOf(tx, request);
        const checked =
          method === 'totp'
            ? await verifyTotp(tx, user.id, deviceId, code, rootSecrets)
            : await useRecoveryCode(tx, user.id, deviceId, code);
        if (!checked.ok) {
          await refused(tx, request, checked, method);
          return { check: checked, device: null, renewedId: null };
        }
        const renewed = await markSecondFactor(tx, sessionHash(request), {
          wasPending: user.secondFactorPending,
        });
        if (user.secondFactorPending) {
          await recordSignInEvent(tx, {
            userId: user.id,
            event: 'sign-in',
            method,
            ...meta(request),
          });
        }
        return {
          check: checked,
          device: await rememberDevice(tx, user.id, deviceId),
          renewedId: renewed,
        };
      });
      const refusedWith = refusal(
        check,
        method === 'totp'
          ? SECOND_FACTOR_MESSAGES.wrongCode
          : SECOND_FACTOR_MESSAGES.wrongRecoveryCode,
      );
      if (refusedWith) throw refusedWith;
      if (renewedId) reply.setSessionCookie(renewedId);
      rememberBrowser(reply, device);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${base}/recovery-codes`,
    {
      config: {
        assurance: 'recent-sign-in',
        rateLimit: { max: 10 * config.rateLimitScale, timeWindow: 60_000 },
      },
      schema: { response: { 200: recoveryCodesSchema, ...errors } },
    },
    async (request, reply) => {
      const user = userOf(request);
      const recoveryCodes = await app.write(async (tx) => {
        const status = await secondFactorStatus(tx, user.id);
        if (!status.totp && status.passkeys === 0) {
          throw new HttpError(400, SECOND_FACTOR_MESSAGES.noAuthenticator);
        }
        return regenerateRecoveryCodes(tx, user.id);
      });
      reply.header('cache-control', 'no-store');
      return { recoveryCodes };
    },
  );
};
