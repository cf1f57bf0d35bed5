import type { FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { agreementRoutes } from './agreements.ts';
import { apiTokenRoutes } from './api-tokens.ts';
import { assignmentRoutes } from './assignment.ts';
import { auditRoutes } from './audit-routes.ts';
import { companyListRoutes } from './company-lists.ts';
import { customerRoutes } from './customers.ts';
import { staffDocumentRoutes } from './documents.ts';
import { helpdeskRoutes } from './helpdesk.ts';
import { staffInvoiceRoutes } from './invoices.ts';
import { invoiceDocumentRoutes } from './invoice-documents.ts';
import { recurringInvoiceRoutes } from './recurring-invoices.ts';
import { receivableRoutes } from './receivables.ts';
import { quoteRoutes } from './quotes.ts';
import { leadRoutes } from './leads.ts';
import { memberRoutes } from './members.ts';
import { ssoSettingsRoutes } from './sso.ts';
import { staffProjectRoutes } from './projects.ts';
import { savedReplyRoutes } from './saved-replies.ts';
import { knowledgeBaseRoutes } from './knowledge-base.ts';
import { statusPageRoutes } from './status-page.ts';
import { slaTargetRoutes } from './sla-targets.ts';
import { closedDayRoutes } from './closed-days.ts';
import { followUpWindowRoutes } from './follow-up-window.ts';
import { companySlaTargetRoutes } from './company-sla-targets.ts';
import { staffNotificationRoutes } from './staff-notifications.ts';
import { scheduledTicketRoutes } from './scheduled-tickets.ts';

import { satisfactionRoutes } from './satisfaction.ts';
import { staffWatcherRoutes } from './ticket-watchers.ts';
import { ticketMergeRoutes } from './ticket-merge.ts';

import { staffTicketAttachmentRoutes } from './ticket-attachments.ts';
import { staffTicketOpeningRoutes } from './ticket-openings.ts';
import { staffTicketReplyRoutes } from './ticket-replies.ts';
import { ticketNoteRoutes } from './ticket-notes.ts';
import { ticketTimeRoutes } from './ticket-time.ts';
import { timeEntryRoutes } from './time-entries.ts';
import { staffTimerRoutes } from './staff-timer.ts';
import { unmatchedMailRoutes } from './unmatched-mail.ts';
import { userRoutes } from './users.ts';
import { webhookRoutes } from './webhooks.ts';
import { assure } from '../../plugins/session/assurance.ts';
import { staffArea } from '../../plugins/session/staff-area.ts';
import type { StaffArea } from '../../../shared/staff-permissions.ts';

/**
 * The staff workspace API under /api/staff: one guard (signed in, or an API token, and role
 * staff) for every route.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.addHook('onRequest', app.limitReads);
  assure(app, 'staff');
  // Each plugin's area (ADR 058); a route of another area declares its own `config.staffArea`.
  await app.register(inArea('leads', leadRoutes));
  await app.register(inArea('companies', customerRoutes));
  await app.register(inArea('companies', companyListRoutes));
  await app.register(inArea('staffMembers', userRoutes), { appUrl: config.appUrl });
  await app.register(inArea('companies', memberRoutes));
  await app.register(inArea('signInSettings', ssoSettingsRoutes), { config });
  await app.register(inArea('helpdesk', helpdeskRoutes), { config });
  await app.register(inArea('helpdesk', ticketNoteRoutes));
  await app.register(inArea('helpdesk', ticketTimeRoutes));
  await app.register(inArea('helpdesk', satisfactionRoutes));
  await app.register(inArea('helpdesk', staffWatcherRoutes), { config });
  await app.register(inArea('helpdesk', ticketMergeRoutes), { config });
  await app.register(inArea('helpdesk', staffTicketAttachmentRoutes));
  await app.register(inArea('helpdesk', staffTicketOpeningRoutes), { config });
  await app.register(inArea('helpdesk', staffTicketReplyRoutes), { config });
  await app.register(inArea('helpdesk', scheduledTicketRoutes));
  await app.register(inArea('savedReplies', savedReplyRoutes));
  await app.register(inArea('knowledgeBase', knowledgeBaseRoutes));
  await app.register(inArea('statusPage', statusPageRoutes));
  await app.register(inArea('serviceLevels', slaTargetRoutes));
  await app.register(inArea('serviceLevels', closedDayRoutes));
  await app.register(inArea('serviceLevels', followUpWindowRoutes));
  await app.register(inArea('serviceLevels', companySlaTargetRoutes));
  await app.register(inArea('serviceLevels', assignmentRoutes));
  await app.register(inArea('ownDesk', staffNotificationRoutes));
  await app.register(inArea('invoices', staffInvoiceRoutes));
  await app.register(inArea('invoices', invoiceDocumentRoutes));
  await app.register(inArea('invoices', recurringInvoiceRoutes));
  await app.register(inArea('invoices', receivableRoutes));
  await app.register(inArea('invoices', agreementRoutes));
  await app.register(inArea('invoices', quoteRoutes), { appUrl: config.appUrl });
  await app.register(inArea('companies', staffProjectRoutes));
  await app.register(inArea('timeEntries', timeEntryRoutes), { appUrl: config.appUrl });
  await app.register(inArea('timeEntries', staffTimerRoutes), { appUrl: config.appUrl });
  await app.register(inArea('companies', staffDocumentRoutes));
  await app.register(inArea('auditLogs', auditRoutes));
  await app.register(inArea('helpdesk', unmatchedMailRoutes), { config });
  await app.register(inArea('integrations', apiTokenRoutes));
  await app.register(inArea('integrations', webhookRoutes), { config });
};

/** A route plugin whose routes belong to `area` unless one declares another. */
function inArea<O extends FastifyPluginOptions>(
  area: StaffArea,
  plugin: FastifyPluginAsyncZod<O>,
): FastifyPluginAsyncZod<O> {
  return async (scope, options) => {
    staffArea(scope, area);
    await scope.register(plugin, options);
  };
}
