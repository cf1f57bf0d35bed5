import { sql } from 'drizzle-orm';
import { isPgEnum } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInEvents, signInMethods, userRoles } from '../../shared/schemas/auth.ts';
import { companyRoles } from '../../shared/permissions.ts';
import { staffRoles } from '../../shared/staff-permissions.ts';
import { apiTokenScopes } from '../../shared/schemas/api-tokens.ts';
import { notificationKinds } from '../../shared/schemas/notifications.ts';
import { activityTypes } from '../../shared/schemas/dashboard.ts';
import { documentCategories } from '../../shared/schemas/documents.ts';
import { invoiceStates, invoiceStatuses } from '../../shared/schemas/invoices.ts';
import {
  disputeStates,
  paymentMethods,
  reversalKinds,
} from '../../shared/schemas/invoice-documents.ts';
import { milestoneStatuses } from '../../shared/schemas/milestones.ts';
import { projectStatuses } from '../../shared/schemas/projects.ts';
import { leadStatuses } from '../../shared/schemas/staff-leads.ts';
import { ticketChannels, ticketPriorities, ticketStatuses } from '../../shared/schemas/tickets.ts';
import { webhookDeliveryStatuses } from '../../shared/schemas/webhooks.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { selectRows } from './client.ts';
import * as schema from './schema.ts';
import { signInPolicies } from '../../shared/schemas/sso.ts';
import { assignmentRules } from '../../shared/schemas/assignment.ts';
import { slaClockKinds } from '../../shared/schemas/sla.ts';
import { slaAlertKinds, staffNoticeKinds } from '../../shared/schemas/staff-notifications.ts';
import { scheduleFrequencies } from '../../shared/schemas/scheduled-tickets.ts';
import { recurringActions, recurringCadences } from '../../shared/schemas/recurring-invoices.ts';
import {
  agreementAlertKinds,
  agreementStatuses,
  agreementTypes,
} from '../../shared/schemas/agreements.ts';
import { quoteStates } from '../../shared/schemas/quotes.ts';
import { articleVisibilities } from '../../shared/schemas/knowledge-base.ts';
import { incidentImpacts, incidentStatuses } from '../../shared/schemas/status-page.ts';

/** Each database enum and the shared list the screens, forms and schemas use. */
const sharedLists: Record<string, readonly string[]> = {
  user_role: userRoles,
  company_role: companyRoles,
  staff_role: staffRoles,
  company_sign_in_policy: signInPolicies,
  sign_in_event: signInEvents,
  sign_in_method: signInMethods,
  api_token_scope: apiTokenScopes,
  invoice_status: invoiceStatuses,
  invoice_state: invoiceStates,
  payment_method: paymentMethods,
  dispute_state: disputeStates,
  payment_reversal_kind: reversalKinds,
  project_status: projectStatuses,
  milestone_status: milestoneStatuses,
  ticket_status: ticketStatuses,
  ticket_priority: ticketPriorities,
  ticket_channel: ticketChannels,
  document_category: documentCategories,
  activity_type: activityTypes,
  lead_status: leadStatuses,
  mail_status: schema.mailStatus.enumValues,
  typed_code_kind: schema.typedCodeKinds,
  webhook_delivery_status: webhookDeliveryStatuses,
  notification_kind: notificationKinds,
  assignment_rule: assignmentRules,
  sla_clock: slaClockKinds,
  sla_alert_kind: slaAlertKinds,
  staff_notice_kind: staffNoticeKinds,
  quote_state: quoteStates,
  schedule_frequency: scheduleFrequencies,
  recurring_cadence: recurringCadences,
  recurring_invoice_action: recurringActions,
  agreement_type: agreementTypes,
  agreement_status: agreementStatuses,
  agreement_alert_kind: agreementAlertKinds,
  article_visibility: articleVisibilities,
  incident_status: incidentStatuses,
  incident_impact: incidentImpacts,
};

// Issue 15, item 1: a value added to a shared list without its migration (or the reverse)
// fails here, not as a 500 when the first row with that value is written.
describe('database enums', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(() => tdb.destroy());

  it('hold exactly the values of their shared lists, in order', async () => {
    const rows = await selectRows<{ name: string; value: string }>(
      tdb.database.db,
      sql`select t.typname as name, e.enumlabel as value
          from pg_enum e join pg_type t on t.oid = e.enumtypid
          join pg_namespace n on n.oid = t.typnamespace
          where n.nspname = 'public' order by t.typname, e.enumsortorder`,
    );
    const live: Record<string, string[]> = {};
    for (const { name, value } of rows) (live[name] ??= []).push(value);
    expect(live).toEqual(
      Object.fromEntries(Object.entries(sharedLists).map(([k, v]) => [k, [...v]])),
    );
  });

  it('are each built from their shared list', () => {
    const declared = Object.values(schema as Record<string, unknown>).filter(isPgEnum);
    expect(declared.map((e) => e.enumName).sort()).toEqual(Object.keys(sharedLists).sort());
    for (const e of declared) expect(e.enumValues).toEqual(sharedLists[e.enumName]);
  });
});
