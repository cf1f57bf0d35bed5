import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import {
  ownsDomain,
  resolveSsoUser,
  SSO_LOGIN_TTL_MS,
  ssoCompanyById,
  ssoCompanyForEmail,
  storeSsoLogin,
  takeSsoLogin,
  type SsoUserResult,
} from '../../services/sso-sign-in.ts';
import { refusalMessage, signInRefusalForUserId } from '../../services/company-sso.ts';
import { deleteSession } from '../../services/sessions.ts';
import { emailField } from '../../../shared/schemas/fields.ts';
import { SSO_PATHS } from '../../../shared/routes.ts';
import { ssoDiscoverySchema } from '../../../shared/schemas/sso.ts';
import { completeSignIn } from './complete-sign-in.ts';
import { messagePage } from './pages.ts';
import {
  finishAuthorization,
  ProviderUnavailableError,
  providerConfigs,
  startAuthorization,
} from './sso-client.ts';

type Page = (reply: FastifyReply, status: number, body: string) => FastifyReply;
type Limit = (request: FastifyRequest) => Promise<void>;

const html = z.string().describe('HTML page');
const TITLE = 'Single sign-on problem';

const REFUSALS: Record<Exclude<SsoUserResult, { ok: true }>['reason'], string> = {
  'join-off':
    'Your company has not allowed new colleagues to join the portal through single sign-on. Ask your company’s portal administrator to invite you.',
  'other-company':
    'This address belongs to an account of another company in the portal. Sign in with an e-mail link instead, or ask your company’s portal administrator.',
  inactive: 'This account is deactivated. Ask your company’s portal administrator.',
  staff: 'Staff accounts cannot sign in through a customer’s single sign-on.',
  'other-identity':
    'This address signed in before as another person of your company’s sign-in service. Ask your company’s portal administrator or the service desk.',
};

/**
 * Single sign-on with a customer company's own OpenID provider (ADR 042): the login screen's
 * discovery, the start (redirect to the provider) and the callback. Registered in the sign-in
 * scope: its HTML pages, form parser and error handler.
 */
export const ssoRoutes: FastifyPluginAsyncZod<{
  config: Config;
  page: Page;
  limit: Limit;
}> = async (app, { config, page, limit }) => {
  const redirectUri = `${config.appUrl}${SSO_PATHS.callback}`;
  const providerConfig = providerConfigs({
    secretKeys: config.ssoSecretKeys,
    allowLoopbackHttp: config.ssoAllowLoopbackHttp,
    allowPrivate: config.webhooksAllowPrivate,
  });
  const cookieName = config.appUrl.startsWith('https:') ? '__Host-sso_state' : 'sso_state';
  const audit = app.log.child({ module: 'sso' });
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    page(reply, status, messagePage({ title: TITLE, message }));
  const unreachable = (name: string) =>
    `${name}’s sign-in service could not be reached. Please try again in a few minutes, or sign in with an e-mail link.`;

  app.get(
    SSO_PATHS.discover,
    {
      preHandler: limit,
      schema: {
        querystring: z.object({ email: z.string().max(1000).optional().default('') }),
        response: { 200: ssoDiscoverySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const email = emailField().safeParse(request.query.email);
      const company = email.success ? await ssoCompanyForEmail(app.db, email.data) : null;
      return company && email.success
        ? {
            company: company.name,
            startUrl: `${SSO_PATHS.start}?email=${encodeURIComponent(email.data)}`,
          }
        : { company: null, startUrl: null };
    },
  );

  app.get(
    SSO_PATHS.start,
    {
      preHandler: limit,
      schema: {
        querystring: z.object({ email: z.string().max(1000).optional().default('') }),
        response: { 303: z.null(), 404: html, 502: html },
      },
    },
    async (request, reply) => {
      const email = emailField().safeParse(request.query.email);
      const company = email.success ? await ssoCompanyForEmail(app.db, email.data) : null;
      if (!company || !email.success) {
        return refuse(reply, 404, 'Single sign-on is not set up for this e-mail address.');
      }
      try {
        const provider = await providerConfig(company);
        const started = await startAuthorization(provider, redirectUri, email.data);
        await app.write((tx) => storeSsoLogin(tx, { ...started, customerId: company.customerId }));
        // Binds the sign-in to this browser: a callback carrying someone else's state fails.
        reply.setCookie(cookieName, started.state, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: config.appUrl.startsWith('https:'),
          signed: true,
          maxAge: SSO_LOGIN_TTL_MS / 1000,
        });
        audit.info({ reqId: request.id, customerId: company.customerId }, 'sso started');
        return reply.header('cache-control', 'no-store').redirect(started.url.href, 303);
      } catch (err) {
        if (!(err instanceof ProviderUnavailableError)) throw err;
        audit.warn({ reqId: request.id, err: err.message }, 'sso provider unreachable');
        return refuse(reply, 502, unreachable(company.name));
      }
    },
  );

  app.get(
    SSO_PATHS.callback,
    {
      // The URL carries the authorization code: only warnings are logged here.
      logLevel: 'warn',
      preHandler: limit,
      schema: {
        // What a provider sends back (RFC 6749 4.1.2, RFC 9207 `iss`); openid-client reads the
        // whole URL, so further parameters pass through unchecked.
        querystring: z
          .object({
            state: z.string().max(2000).optional(),
            code: z.string().max(4000).optional(),
            iss: z.string().max(2000).optional(),
            error: z.string().max(2000).optional(),
            error_description: z.string().max(2000).optional(),
          })
          .loose(),
        response: { 303: z.null(), 400: html, 403: html, 502: html },
      },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const raw = request.cookies[cookieName];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      reply.clearCookie(cookieName, { path: '/' });
      const state = request.query.state ?? '';
      const expired =
        'This sign-in was not started in this browser, was already used or has expired. Start again from the sign-in page.';
      if (!state || !unsigned?.valid || unsigned.value !== state) {
        audit.info({ reqId: request.id }, 'sso refused: state mismatch');
        return refuse(reply, 400, expired);
      }
      const login = await app.write((tx) => takeSsoLogin(tx, state));
      const company = login ? await ssoCompanyById(app.db, login.customerId) : null;
      if (!login || !company) {
        audit.info({ reqId: request.id }, 'sso refused: unknown or used state');
        return refuse(reply, 400, expired);
      }
      if (request.query.error) {
        audit.info({ reqId: request.id, error: request.query.error }, 'sso refused by provider');
        return refuse(reply, 403, `${company.name}’s sign-in service did not sign you in.`);
      }
      let claims;
      try {
        const provider = await providerConfig(company);
        claims = await finishAuthorization(provider, new URL(request.url, config.appUrl), {
          state,
          nonce: login.nonce,
          codeVerifier: login.codeVerifier,
        });
      } catch (err) {
        const down = err instanceof ProviderUnavailableError || isNetworkError(err);
        audit.warn(
          { reqId: request.id, err: err instanceof Error ? err.message : String(err) },
          down ? 'sso provider unreachable' : 'sso refused: response failed its checks',
        );
        return down
          ? refuse(reply, 502, unreachable(company.name))
          : refuse(
              reply,
              400,
              `${company.name}’s sign-in could not be verified (it may have expired). Start again from the sign-in page.`,
            );
      }
      if (!claims.emailVerified || !emailField().safeParse(claims.email).success) {
        audit.info({ reqId: request.id }, 'sso refused: e-mail not verified');
        return refuse(
          reply,
          403,
          `${company.name}’s sign-in service has not verified your e-mail address, so it cannot sign you in here.`,
        );
      }
      if (!(await ownsDomain(app.db, company.customerId, claims.email))) {
        audit.info({ reqId: request.id }, 'sso refused: domain not owned');
        return refuse(
          reply,
          403,
          `${claims.email} is not an address of ${company.name}, so it cannot sign in through ${company.name}’s single sign-on.`,
        );
      }
      const meta = { userAgent: request.headers['user-agent'] ?? null, ip: request.ip };
      const result = await app.write(async (tx) => {
        const person = await resolveSsoUser(tx, company, {
          subject: claims.subject,
          email: claims.email,
          firstName: claims.firstName,
          lastName: claims.lastName,
        });
        if (!person.ok) return person;
        // Another company of the user may require a passkey (review N5).
        const refusal = await signInRefusalForUserId(tx, person.userId, 'sso');
        if (refusal) return { ok: false as const, reason: 'policy' as const, refusal };
        const done = await completeSignIn(tx, person.userId, meta, 'sso', company.issuer);
        return done ? { ...person, ...done } : { ok: false as const, reason: 'inactive' as const };
      });
      if (!result.ok && 'refusal' in result) {
        audit.info({ reqId: request.id }, 'sso refused: company policy');
        return refuse(reply, 403, refusalMessage(result.refusal));
      }
      if (!result.ok) {
        audit.info({ reqId: request.id, reason: result.reason }, 'sso refused: account');
        return refuse(reply, 403, REFUSALS[result.reason]);
      }
      const previous = app.readSessionId(request);
      if (previous) await deleteSession(app.db, previous);
      reply.setSessionCookie(result.sessionId);
      audit.info(
        { reqId: request.id, userId: result.userId, joined: result.joined, method: 'sso' },
        'signed in',
      );
      return reply.header('cache-control', 'no-store').redirect(result.landing, 303);
    },
  );
};

/** fetch() failures (refused connection, DNS, timeout) surface as TypeError or AbortError. */
function isNetworkError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'TypeError' ||
    err.name === 'AbortError' ||
    err.name === 'TimeoutError' ||
    (err.cause instanceof Error && isNetworkError(err.cause))
  );
}
