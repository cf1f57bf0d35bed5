import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { apiTokenRoutes } from './api-tokens.ts';
import { auditRoutes } from './audit-routes.ts';
import { companyListRoutes } from './company-lists.ts';
import { customerRoutes } from './customers.ts';
import { staffDocumentRoutes } from './documents.ts';
import { helpdeskRoutes } from './helpdesk.ts';
import { staffInvoiceRoutes } from './invoices.ts';
import { leadRoutes } from './leads.ts';
import { memberRoutes } from './members.ts';
import { ssoSettingsRoutes } from './sso.ts';
import { staffProjectRoutes } from './projects.ts';
import { savedReplyRoutes } from './saved-replies.ts';
import { slaTargetRoutes } from './sla-targets.ts';
import { closedDayRoutes } from './closed-days.ts';

import { satisfactionRoutes } from './satisfaction.ts';
import { staffWatcherRoutes } from './ticket-watchers.ts';

import { staffTicketAttachmentRoutes } from './ticket-attachments.ts';
import { staffTicketReplyRoutes } from './ticket-replies.ts';
import { ticketNoteRoutes } from './ticket-notes.ts';
import { timeEntryRoutes } from './time-entries.ts';
import { unmatchedMailRoutes } from './unmatched-mail.ts';
import { userRoutes } from './users.ts';
import { webhookRoutes } from './webhooks.ts';
import { assure } from '../../plugins/session/assurance.ts';

/**
 * The staff workspace API under /api/staff: one guard (signed in, or an API token, and role
 * staff) for every route.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook('onRequest', app.limitReads);
  assure(app, 'staff');
  await app.register(leadRoutes);
  await app.register(customerRoutes);
  await app.register(companyListRoutes);
  await app.register(userRoutes, { appUrl: config.appUrl });
  await app.register(memberRoutes);
  await app.register(ssoSettingsRoutes, { config });
  await app.register(helpdeskRoutes, { config });
  await app.register(ticketNoteRoutes);
  await app.register(satisfactionRoutes);
  await app.register(staffWatcherRoutes, { config });

  await app.register(staffTicketAttachmentRoutes);
  await app.register(staffTicketReplyRoutes, { config });
  await app.register(savedReplyRoutes);
  await app.register(slaTargetRoutes);
  await app.register(closedDayRoutes);
  await app.register(staffInvoiceRoutes);
  await app.register(staffProjectRoutes);
  await app.register(timeEntryRoutes);
  await app.register(staffDocumentRoutes);
  await app.register(auditRoutes);
  await app.register(unmatchedMailRoutes, { config });
  await app.register(apiTokenRoutes);
  await app.register(webhookRoutes, { config });
};
