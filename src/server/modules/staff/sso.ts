import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import {
  signInPolicyBodySchema,
  signInPolicySchema,
  ssoSettingsInputSchema,
  ssoSettingsSchema,
} from '../../../shared/schemas/sso.ts';
import { SSO_PATHS } from '../../../shared/routes.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  checkIssuerAddress,
  getSsoSettings,
  saveSsoSettings,
  setSignInPolicy,
} from '../../services/company-sso.ts';
import { idParam, messageSchema } from '../route-schemas.ts';

/**
 * Issue 19: a company's single sign-on (issuer, client, owned domains, joining) and its
 * sign-in policy, on staff's company page. The client secret is write-only.
 */
export const ssoSettingsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const params = idParam('customerId');
  const redirectUri = `${config.appUrl}${SSO_PATHS.callback}`;

  app.get(
    '/customers/:customerId/sso',
    { schema: { params, response: { 200: ssoSettingsSchema, 404: messageSchema } } },
    async (request) => getSsoSettings(app.db, request.params.customerId, redirectUri),
  );

  app.put(
    '/customers/:customerId/sso',
    {
      config: { assurance: 'staff-recent' },
      schema: {
        params,
        body: ssoSettingsInputSchema,
        response: {
          200: ssoSettingsSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      // Resolved before the transaction: no row is held while DNS answers.
      await checkIssuerAddress(request.body.issuer, config.webhooksAllowPrivate);
      await app.write((tx) =>
        saveSsoSettings(tx, {
          customerId,
          input: request.body,
          actor: actorOf(request),
          secretKeys: config.ssoSecretKeys,
          allowLoopbackHttp: config.ssoAllowLoopbackHttp,
        }),
      );
      return getSsoSettings(app.db, customerId, redirectUri);
    },
  );

  app.put(
    '/customers/:customerId/sign-in-policy',
    {
      config: { assurance: 'staff-recent' },
      schema: {
        params,
        body: signInPolicyBodySchema,
        response: { 200: signInPolicySchema, 400: messageSchema, 404: messageSchema },
      },
    },
    async (request) =>
      app.write((tx) =>
        setSignInPolicy(tx, {
          customerId: request.params.customerId,
          policy: request.body.policy,
          actor: actorOf(request),
        }),
      ),
  );
};
