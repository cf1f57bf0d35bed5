import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { OneLineLogController } from './lib/log-controller.ts';
import { activityRoutes } from './modules/activities/routes.ts';
import { loginRoutes } from './modules/auth/login-routes.ts';
import { passkeyRoutes } from './modules/auth/passkey-routes.ts';
import { currentUserRoutes } from './modules/auth/user-routes.ts';
import { secondFactorRoutes } from './modules/auth/second-factor-routes.ts';
import { contactPageRoutes } from './modules/contact/page-routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import {
  companyKnowledgeBaseRoutes,
  publicKnowledgeBaseRoutes,
} from './modules/knowledge-base/routes.ts';
import { statusNoticeRoutes } from './modules/status-page/routes.ts';
import { helpPageRoutes } from './modules/knowledge-base/help-pages.ts';
import { invoiceRoutes } from './modules/invoices/routes.ts';
import { agreementHourRoutes } from './modules/agreements/routes.ts';
import { onlinePaymentRoutes } from './modules/online-payments/routes.ts';
import { stripeWebhookRoutes } from './modules/online-payments/webhook-route.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { quotePageRoutes } from './modules/quote/page-routes.ts';
import { quoteRoutes } from './modules/quote/routes.ts';
import { siteRoutes } from './modules/sites/routes.ts';
import { teamRoutes } from './modules/team/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { ticketWatcherRatingRoutes } from './modules/tickets/watcher-rating-routes.ts';
import { ticketRoutes } from './modules/tickets/routes.ts';
import { ticketMessageRoutes } from './modules/tickets/message-routes.ts';
import { ticketFollowUpRoutes } from './modules/tickets/follow-up-routes.ts';
import { responseTimeRoutes } from './modules/tickets/response-times.ts';

import { ticketAttachmentRoutes } from './modules/tickets/attachment-routes.ts';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { clientPlugin } from './plugins/client.ts';
import { dbPlugin } from './plugins/db.ts';
import { errorsPlugin, frameworkErrorHandlers } from './plugins/errors.ts';
import { jsonBodyPlugin } from './plugins/json-body.ts';
import { intakePlugin } from './plugins/intake.ts';
import { mailPlugin } from './plugins/mail.ts';
import { pagedListsPlugin } from './plugins/paged-lists.ts';
import { companyCachesPlugin } from './plugins/company-caches.ts';
import { metricsPlugin } from './plugins/metrics/plugin.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { readinessPlugin } from './plugins/readiness.ts';
import { readLimitPlugin } from './plugins/read-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import {
  requireCompanyAccess,
  requirePermissionDeclared,
} from './plugins/session/company-access.ts';
import { sessionPlugin } from './plugins/session/plugin.ts';
import { storagePlugin } from './plugins/storage.ts';
import { orphanFilesPlugin } from './plugins/orphan-files.ts';
import { kbSuggestionRetentionPlugin } from './plugins/kb-suggestion-retention.ts';
import type { FileStorage } from './services/storage.ts';
import { webhooksPlugin } from './plugins/webhooks.ts';
import { stripePlugin } from './plugins/stripe.ts';
import { notificationsPlugin } from './plugins/notifications.ts';
import { scheduledTicketsPlugin } from './plugins/scheduled-tickets.ts';
import { recurringInvoicesPlugin } from './plugins/recurring-invoices.ts';
import { agreementRenewalsPlugin } from './plugins/agreement-renewals.ts';
import { assure } from './plugins/session/assurance.ts';

export type AppOptions = {
  /** An already-open, migrated database; otherwise the app opens one and migrates it. */
  database?: Database;
  /** Close the given database with the app (server.ts hands its database over). */
  closeDatabase?: boolean;
  /** Run the mail outbox, intake and webhook workers once listening (on by default). */
  mailWorker?: boolean;
  /** Sees every route as it is added (tests enumerate the API this way). */
  onRoute?: (route: RouteOptions) => void;
  /** An already-checked file store (server.ts checks it first); otherwise opened and checked here. */
  storage?: FileStorage;
};

/**
 * A hop count trusts what the nearest N hops say, whoever they are (Fastify 5.12 ignores a
 * bare number, failing closed), so it is a function here; an address list is checked by
 * Fastify against the connecting peer. README, Configuration: prefer the list.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the whole application; `server.ts` listens, tests use `app.inject()`. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    logController: new OneLineLogController(),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout: config.requestTimeoutMs,
    // Given to Node's server at its creation, where its checks read them: a late request is
    // looked for at least twice per timeout (every 30 s by default), and headers may not take
    // longer than the whole request.
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 2)),
    },
    return503OnClosing: true,
    ...frameworkErrorHandlers(config.appUrl),
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const database = options.database ?? (await openDatabase(config));
  if (!options.database) await database.migrate();

  // External machinery first, our own plugins next, routes last.
  await app.register(errorsPlugin);
  // Answers over 1 KB (list pages, the dashboard, HTML) in brotli or gzip as the browser
  // asks; brotli at quality 4, not the default 11, which costs more CPU than it saves.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(jsonBodyPlugin);
  // Before every route: it documents the routes as they are added.
  await app.register(openApiPlugin, { config });
  await app.register(securityPlugin, { config });
  await app.register(readinessPlugin);
  await app.register(metricsPlugin, { config });
  await app.register(dbPlugin, {
    database,
    owned: !options.database || (options.closeDatabase ?? false),
  });
  await app.register(sessionPlugin, { config });
  await app.register(readLimitPlugin, { config });
  await app.register(storagePlugin, { config, storage: options.storage });
  await app.register(orphanFilesPlugin, { worker: options.mailWorker ?? true });
  await app.register(companyCachesPlugin);
  await app.register(pagedListsPlugin, { config });
  await app.register(mailPlugin, { config, worker: options.mailWorker ?? true });
  await app.register(intakePlugin, { config, worker: options.mailWorker ?? true });
  await app.register(webhooksPlugin, { config, worker: options.mailWorker ?? true });
  await app.register(notificationsPlugin, { config, worker: options.mailWorker ?? true });
  await app.register(scheduledTicketsPlugin, { config, worker: options.mailWorker ?? true });
  await app.register(stripePlugin, { config });
  await app.register(recurringInvoicesPlugin, { worker: options.mailWorker ?? true });
  await app.register(agreementRenewalsPlugin, {
    worker: options.mailWorker ?? true,
    appUrl: config.appUrl,
  });
  await app.register(kbSuggestionRetentionPlugin, { worker: options.mailWorker ?? true });

  await app.register(healthRoutes);
  await app.register(loginRoutes, { config });
  await app.register(currentUserRoutes, { config });
  await app.register(passkeyRoutes, { config });
  await app.register(secondFactorRoutes, { config });
  await app.register(contactRoutes, { config });
  await app.register(quoteRoutes, { config });
  await app.register(contactPageRoutes);
  await app.register(quotePageRoutes);
  await app.register(publicKnowledgeBaseRoutes);
  await app.register(helpPageRoutes);
  await app.register(stripeWebhookRoutes, { config });
  await app.register(
    async (companyScope) => {
      assure(companyScope, 'signed-in');
      companyScope.addHook('onRequest', app.limitReads);
      companyScope.addHook('onRequest', requireCompanyAccess);
      companyScope.addHook('onRoute', requirePermissionDeclared);
      await companyScope.register(dashboardRoutes);
      await companyScope.register(activityRoutes);
      await companyScope.register(invoiceRoutes, { appUrl: config.appUrl });
      await companyScope.register(onlinePaymentRoutes, { config });
      await companyScope.register(agreementHourRoutes);
      await companyScope.register(projectRoutes);
      await companyScope.register(documentRoutes);
      await companyScope.register(ticketRoutes);
      await companyScope.register(ticketMessageRoutes, { config });
      await companyScope.register(ticketFollowUpRoutes, { config });
      await companyScope.register(responseTimeRoutes);

      await companyScope.register(ticketWatcherRatingRoutes, { config });

      await companyScope.register(ticketAttachmentRoutes);
      await companyScope.register(siteRoutes, { config });
      await companyScope.register(teamRoutes, { config });
      await companyScope.register(companyKnowledgeBaseRoutes, { config });
      await companyScope.register(statusNoticeRoutes);
    },
    { prefix: '/api/customers/:customerId' },
  );
  await app.register(staffRoutes, { prefix: '/api/staff', config });

  await app.register(clientPlugin, { config });
  return app;
}
