// Every value list is written once, in src/shared (db/enums.test.ts compares them with the database).
import { pgEnum } from 'drizzle-orm/pg-core';
import {
  agreementAlertKinds,
  agreementStatuses,
  agreementTypes,
} from '../../../shared/schemas/agreements.ts';
import { signInEvents, signInMethods, userRoles } from '../../../shared/schemas/auth.ts';
import { companyRoles } from '../../../shared/permissions.ts';
import { staffRoles } from '../../../shared/staff-permissions.ts';
import { signInPolicies } from '../../../shared/schemas/sso.ts';
import { apiTokenScopes } from '../../../shared/schemas/api-tokens.ts';
import { webhookDeliveryStatuses } from '../../../shared/schemas/webhooks.ts';
import { notificationKinds } from '../../../shared/schemas/notifications.ts';
import { activityTypes } from '../../../shared/schemas/dashboard.ts';
import { documentCategories } from '../../../shared/schemas/documents.ts';
import { invoiceStates, invoiceStatuses } from '../../../shared/schemas/invoices.ts';
import {
  disputeStates,
  paymentMethods,
  reversalKinds,
} from '../../../shared/schemas/invoice-documents.ts';
import { recurringActions, recurringCadences } from '../../../shared/schemas/recurring-invoices.ts';
import { quoteStates } from '../../../shared/schemas/quotes.ts';
import { incidentImpacts, incidentStatuses } from '../../../shared/schemas/status-page.ts';
import { milestoneStatuses } from '../../../shared/schemas/milestones.ts';
import { projectStatuses } from '../../../shared/schemas/projects.ts';
import { leadStatuses } from '../../../shared/schemas/staff-leads.ts';
import {
  ticketChannels,
  ticketPriorities,
  ticketStatuses,
} from '../../../shared/schemas/tickets.ts';
import { assignmentRules } from '../../../shared/schemas/assignment.ts';
import { slaClockKinds } from '../../../shared/schemas/sla.ts';
import { slaAlertKinds, staffNoticeKinds } from '../../../shared/schemas/staff-notifications.ts';
import { scheduleFrequencies } from '../../../shared/schemas/scheduled-tickets.ts';
import { articleVisibilities } from '../../../shared/schemas/knowledge-base.ts';

export const userRole = pgEnum('user_role', userRoles);
export const companyRole = pgEnum('company_role', companyRoles);
export const staffRole = pgEnum('staff_role', staffRoles);
export const signInEvent = pgEnum('sign_in_event', signInEvents);
export const signInMethod = pgEnum('sign_in_method', signInMethods);
export const companySignInPolicy = pgEnum('company_sign_in_policy', signInPolicies);
/** Typed codes that count and lock apart: the mailed sign-in code, staff's second factor. */
export const typedCodeKinds = ['sign-in-code', 'second-factor'] as const;
export const typedCodeKind = pgEnum('typed_code_kind', typedCodeKinds);
export const apiTokenScope = pgEnum('api_token_scope', apiTokenScopes);
export const invoiceStatus = pgEnum('invoice_status', invoiceStatuses);
export const invoiceState = pgEnum('invoice_state', invoiceStates);
export const paymentMethod = pgEnum('payment_method', paymentMethods);
export const disputeState = pgEnum('dispute_state', disputeStates);
export const paymentReversalKind = pgEnum('payment_reversal_kind', reversalKinds);
export const projectStatus = pgEnum('project_status', projectStatuses);
export const milestoneStatus = pgEnum('milestone_status', milestoneStatuses);
export const ticketStatus = pgEnum('ticket_status', ticketStatuses);
export const ticketPriority = pgEnum('ticket_priority', ticketPriorities);
export const ticketChannel = pgEnum('ticket_channel', ticketChannels);
export const documentCategory = pgEnum('document_category', documentCategories);
export const activityType = pgEnum('activity_type', activityTypes);
export const leadStatus = pgEnum('lead_status', leadStatuses);
/** The outbox's own states: no screen shows them, so they live here. */
export const mailStatus = pgEnum('mail_status', ['pending', 'sent', 'failed']);
export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', webhookDeliveryStatuses);
export const notificationKind = pgEnum('notification_kind', notificationKinds);
export const assignmentRule = pgEnum('assignment_rule', assignmentRules);
export const slaClock = pgEnum('sla_clock', slaClockKinds);
export const slaAlertKind = pgEnum('sla_alert_kind', slaAlertKinds);
export const staffNoticeKind = pgEnum('staff_notice_kind', staffNoticeKinds);
export const scheduleFrequency = pgEnum('schedule_frequency', scheduleFrequencies);
export const recurringCadence = pgEnum('recurring_cadence', recurringCadences);
export const recurringAction = pgEnum('recurring_invoice_action', recurringActions);
export const agreementType = pgEnum('agreement_type', agreementTypes);
export const agreementStatus = pgEnum('agreement_status', agreementStatuses);
export const agreementAlertKind = pgEnum('agreement_alert_kind', agreementAlertKinds);
export const quoteState = pgEnum('quote_state', quoteStates);
export const articleVisibility = pgEnum('article_visibility', articleVisibilities);
export const incidentStatus = pgEnum('incident_status', incidentStatuses);
export const incidentImpact = pgEnum('incident_impact', incidentImpacts);
