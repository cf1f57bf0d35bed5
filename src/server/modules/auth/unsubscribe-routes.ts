import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { turnOffNotifications } from '../../services/notification-preferences.ts';
import {
  readUnsubscribeToken,
  UNSUBSCRIBE_PATH,
  type UnsubscribeScope,
} from '../../services/unsubscribe-tokens.ts';
import { notificationKindLabels } from '../../../shared/schemas/notifications.ts';
import { messagePage, unsubscribePage, unsubscribedPage } from './pages.ts';

const INVALID = messagePage({
  title: 'Link not valid',
  message:
    'This unsubscribe link is not valid. Sign in to change your notifications on your profile.',
});

const html = z.string().describe('HTML page');
const query = z.object({ token: z.string().max(300).optional().default('') });

const whatOf = (scope: UnsubscribeScope) =>
  scope === 'digest'
    ? 'invoice, project and maintenance e-mails'
    : `${notificationKindLabels[scope]} e-mails`;

/**
 * One-click unsubscribe (RFC 8058) from a notification mail, without signing in: the signed
 * token names the user and the kind. GET shows a button (scanners open links); POST, from
 * the button or from the mail client's own unsubscribe (`List-Unsubscribe=One-Click`),
 * turns the switch off.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  config: Config;
  /** The sign-in pages' sender: no-store, their CSP, HTML. */
  page: (reply: FastifyReply, status: number, body: string) => FastifyReply;
}> = async (app, { config, page }) => {
  app.get(
    UNSUBSCRIBE_PATH,
    { logLevel: 'warn', schema: { querystring: query, response: { 200: html, 400: html } } },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const named = readUnsubscribeToken(config.sessionSecrets, request.query.token);
      if (!named) return page(reply, 400, INVALID);
      const action = `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token)}`;
      return page(reply, 200, unsubscribePage({ action, what: whatOf(named.kind) }));
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      logLevel: 'warn',
      config: { rateLimit: { max: 30 * config.rateLimitScale, timeWindow: 60_000 } },
      schema: {
        querystring: query,
        body: z.object({ 'List-Unsubscribe': z.string().max(50).optional() }).optional(),
        response: { 200: html, 400: html, 429: html },
      },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const named = readUnsubscribeToken(config.sessionSecrets, request.query.token);
      if (!named) return page(reply, 400, INVALID);
      const { userId, kind } = named;
      await app.write((tx) => turnOffNotifications(tx, userId, kind));
      request.log.warn({ userId, kind }, 'unsubscribed from notification mails');
      return page(reply, 200, unsubscribedPage({ what: whatOf(kind) }));
    },
  );
};
