import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  apiTokens,
  auditLog,
  closedDays,
  contactMessages,
  customerUsers,
  intakeMessages,
  invoices,
  kbArticles,
  kbCategories,
  milestones,
  projects,
  agreements,
  quoteLines,
  quoteRequests,
  quotes,
  recurringInvoices,
  savedReplies,
  scheduledTickets,
  staffTimers,
  statusComponents,
  statusIncidentComponents,
  statusIncidents,
  tickets,
  ticketWatchers,
  unmatchedMails,
  users,
  webhookEndpoints,
} from '../../db/schema.ts';
import { DEMO_STAFF_EMAIL, DEMO_USERS } from '../../seed/demo.ts';
import { listRoutes } from '../../test/list-routes.ts';
import { messageWithFiles } from '../../test/attachment-files.ts';
import { type StaffTestApp, useStaffTestApp } from '../../test/staff-test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { nextWorkdays } from '../../test/workdays.ts';
import { multipartBody } from '../../test/staff-context.ts';

type Ctx = StaffTestApp['ctx'];
type Sample = (t: TestApp, ctx: Ctx) => Promise<InjectOptions>;

const first = async <T>(rows: Promise<T[]>): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new Error('no row for the sample');
  return row;
};

/** A mail of an unknown sender waiting in the unmatched queue. */
async function unmatchedMail(t: TestApp, messageId: string) {
  await t.app.db.insert(intakeMessages).values({
    messageId,
    fromAddress: 'stranger@example.net',
    outcome: 'unmatched',
    reason: 'unknown-sender',
    emlKey: `mail/${messageId}.eml`,
  });
  return first(
    t.app.db
      .insert(unmatchedMails)
      .values({
        messageId,
        fromAddress: 'stranger@example.net',
        fromName: 'Sam Stranger',
        subject: 'Printer jam',
        text: 'The printer jams.',
        reason: 'unknown-sender',
      })
      .returning(),
  );
}

/** New open tickets of Acme, so a merge leaves the seeded ones as other samples expect them. */
async function freshTickets(t: TestApp, ctx: Ctx, n: number): Promise<string[]> {
  const rows = await t.app.db
    .insert(tickets)
    .values(
      Array.from({ length: n }, (_, i) => ({
        customerId: ctx.acmeId,
        subject: `Audit sample ${i + 1}`,
        description: 'For the audit sample.',
        category: 'Hardware',
        department: 'IT Support',
      })),
    )
    .returning({ id: tickets.id });
  return rows.map((r) => r.id);
}

/** An open, shared ticket of Acme and a new colleague there (in copy of it, if asked). */
async function ticketAndColleague(t: TestApp, ctx: Ctx, email: string, inCopy: boolean) {
  const ticket = await first(
    t.app.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.customerId, ctx.acmeId), eq(tickets.private, false))),
  );
  await t.app.db.update(tickets).set({ status: 'open' }).where(eq(tickets.id, ticket.id));
  const user = await first(
    t.app.db
      .insert(users)
      .values({ email, firstName: 'Copy', lastName: 'Colleague' })
      .returning({ id: users.id }),
  );
  await t.app.db
    .insert(customerUsers)
    .values({ userId: user.id, customerId: ctx.acmeId, role: 'member' });
  if (inCopy)
    await t.app.db.insert(ticketWatchers).values({ ticketId: ticket.id, userId: user.id });
  return { ticketId: ticket.id, userId: user.id };
}

/** Written by no company: a discarded mail belongs to none, a lead to none yet. */
const companyless = [
  'PUT /api/staff/staff-members/:userId/role',
  'PATCH /api/staff/leads/:kind/:leadId',
  'POST /api/staff/unmatched-mail/:id/discard',
  'POST /api/staff/api-tokens',
  'DELETE /api/staff/api-tokens/:id',
  'POST /api/staff/saved-replies',
  'PUT /api/staff/saved-replies/:id',
  'DELETE /api/staff/saved-replies/:id',
  'POST /api/staff/kb/articles',
  'PUT /api/staff/kb/articles/:id',
  'POST /api/staff/kb/categories',
  'PUT /api/staff/kb/categories/:id',
  'DELETE /api/staff/kb/categories/:id',
  'PUT /api/staff/status/settings',
  'POST /api/staff/status/components',
  'PUT /api/staff/status/components/:id',
  'DELETE /api/staff/status/components/:id',
  'POST /api/staff/status/incidents',
  'POST /api/staff/status/incidents/:id/updates',
  'POST /api/staff/status/maintenance',
  'POST /api/staff/webhooks',
  'PUT /api/staff/webhooks/:webhookId',
  'DELETE /api/staff/webhooks/:webhookId',
  'POST /api/staff/webhooks/:webhookId/test',
  'PUT /api/staff/sla-targets',
  'POST /api/staff/closed-days',
  'DELETE /api/staff/closed-days/:day',
  'PUT /api/staff/follow-up-window',
  'POST /api/staff/notifications/read',
  'POST /api/staff/staff-members/:userId/second-factor/reset',
  'PUT /api/staff/assignment-rule',
  'PUT /api/staff/me/availability',
];

/** Morgan's timer set to a state on a fresh ticket (none: removed), with no audit row. */
async function timerOf(t: TestApp, ctx: Ctx, state: 'running' | 'paused' | null) {
  const staff = await first(t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL)));
  await t.app.db.delete(staffTimers).where(eq(staffTimers.userId, staff.id));
  if (!state) return;
  const [ticketId] = await freshTickets(t, ctx, 1);
  await t.app.db.insert(staffTimers).values({
    userId: staff.id,
    ticketId: ticketId!,
    runningSince: state === 'running' ? new Date() : null,
    elapsedSeconds: 600,
  });
}

/** A saved reply to edit or delete, made without an audit row of its own. */
const savedReply = (t: TestApp) =>
  first(
    t.app.db
      .insert(savedReplies)
      .values({ title: 'Sample', body: 'Sample text', updatedByName: 'Seed' })
      .returning(),
  );

/** A knowledge base category (a fresh name each time), made without an audit row. */
const kbCategory = (t: TestApp) =>
  first(
    t.app.db
      .insert(kbCategories)
      .values({ name: `Sample ${randomUUID()}` })
      .returning(),
  );

/** A public article to edit, made without an audit row or revision of its own. */
const kbArticle = async (t: TestApp) => {
  const category = await kbCategory(t);
  return first(
    t.app.db
      .insert(kbArticles)
      .values({
        slug: `sample-${randomUUID()}`,
        title: 'Sample',
        body: 'Sample text',
        categoryId: category.id,
        visibility: 'public',
        updatedByName: 'Seed',
        searchVector: sql`to_tsvector('english', 'Sample')`,
      })
      .returning(),
  );
};

/** A status page component of all customers, made without an audit row. */
const statusComponent = (t: TestApp) =>
  first(
    t.app.db
      .insert(statusComponents)
      .values({ name: 'Sample component', allCustomers: true })
      .returning(),
  );

/** An open incident on a fresh component, made without an audit row. */
const openIncident = async (t: TestApp) => {
  const component = await statusComponent(t);
  const incident = await first(
    t.app.db
      .insert(statusIncidents)
      .values({ title: 'Sample incident', impact: 'minor', status: 'investigating' })
      .returning(),
  );
  await t.app.db
    .insert(statusIncidentComponents)
    .values({ incidentId: incident.id, componentId: component.id });
  return incident;
};

/** A registered endpoint (a public address: the default config refuses private ones). */
const webhook = (t: TestApp) =>
  first(
    t.app.db
      .insert(webhookEndpoints)
      .values({ url: 'https://1.1.1.1/hook', events: ['invoice.paid'], secretCipher: 'v1.a.b.c' })
      .returning(),
  );

/** A company's scheduled ticket to change, pause or delete, made without an audit row. */
const schedule = (t: TestApp, ctx: Ctx) =>
  first(
    t.app.db
      .insert(scheduledTickets)
      .values({
        customerId: ctx.acmeId,
        subject: 'Sample schedule',
        description: 'Sample text',
        category: 'Other',
        department: 'IT Support',
        frequency: 'monthly',
        monthDay: 1,
        timeOfDay: '08:00',
        timeZone: 'UTC',
        nextRunAt: new Date(Date.now() + 86_400_000),
      })
      .returning(),
  );

const scheduleBody = (ctx: Ctx) => ({
  customerId: ctx.acmeId,
  subject: 'Patch Tuesday review',
  description: 'Review the month of patches.',
  category: 'Software & Licensing',
  department: 'IT Support',
  frequency: 'weekly',
  weekday: 2,
  timeOfDay: '09:00',
  timeZone: 'America/Chicago',
});

/** A recurring invoice of Acme, written directly (no audit row of its own). */
const recurring = async (t: TestApp, ctx: Ctx) => {
  const staff = await first(t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL)));
  return first(
    t.app.db
      .insert(recurringInvoices)
      .values({
        customerId: ctx.acmeId,
        name: 'Sample retainer',
        currency: 'USD',
        cadence: 'monthly',
        runDay: 1,
        timeZone: 'UTC',
        paymentTermsDays: 14,
        action: 'issue-and-mail',
        startsOn: '2030-01-01',
        nextRunOn: '2030-01-01',
        nextRunAt: new Date('2030-01-01T00:00:00Z'),
        updatedBy: staff.id,
      })
      .returning(),
  );
};

const recurringBody = {
  name: 'Monthly retainer',
  lines: [{ description: 'Managed services', quantity: 1, unitPrice: 1500, taxRate: 20 }],
  cadence: 'monthly',
  runDay: 31,
  timeZone: 'Europe/London',
  paymentTermsDays: 30,
  action: 'issue-and-mail',
  startsOn: '2030-01-01',
};

const agreementBody = {
  name: 'Help desk retainer',
  type: 'retainer',
  startsOn: '2030-01-01',
  hours: 20,
  rolloverMonths: 2,
  hourlyRate: 120,
  overageRate: 150,
  timeZone: 'Europe/London',
  services: ['help-desk-services'],
};

/** An agreement of Acme, written directly (no audit row of its own). */
const agreement = async (t: TestApp, ctx: Ctx) =>
  first(
    t.app.db
      .insert(agreements)
      .values({
        customerId: ctx.acmeId,
        name: 'Sample retainer',
        type: 'retainer',
        startsOn: '2030-01-01',
        hoursCenti: 2000,
        currency: 'USD',
        hourlyRateMinor: 12000,
        overageRateMinor: 15000,
        timeZone: 'UTC',
      })
      .returning(),
  );
/** A quote of Acme, draft or sent, written directly (no audit row of its own). */
let sampleQuotes = 0;
const sampleQuote = async (t: TestApp, ctx: Ctx, state: 'draft' | 'sent') => {
  const sent =
    state === 'sent'
      ? { documentPdf: Buffer.from('%PDF-1.3'), documentSha256: 'a'.repeat(64) }
      : {};
  const quote = await first(
    t.app.db
      .insert(quotes)
      .values({
        customerId: ctx.acmeId,
        number: `Q-AUDIT-${++sampleQuotes}`,
        title: 'Sample quote',
        currency: 'USD',
        totalMinor: 150000,
        validUntil: '2099-12-31',
        state,
        version: state === 'sent' ? 1 : 0,
        ...sent,
      })
      .returning(),
  );
  await t.app.db.insert(quoteLines).values({
    quoteId: quote.id,
    position: 1,
    description: 'Managed services',
    quantityMilli: 1000,
    unitPriceMinor: 150000,
  });
  return quote;
};

const quoteBody = {
  title: 'Network refresh',
  lines: [{ description: 'Switches', quantity: 2, unitPrice: 400, taxRate: 20 }],
  validUntil: '2099-12-31',
  projectName: 'Network refresh',
  createInvoice: true,
};

/** An invoice of Acme in the given state, written directly (no audit row of its own). */
let sampleInvoices = 0;
const sampleInvoice = (t: TestApp, ctx: Ctx, state: 'draft' | 'issued') =>
  first(
    t.app.db
      .insert(invoices)
      .values({
        customerId: ctx.acmeId,
        number: `INV-AUDIT-DOC-${++sampleInvoices}`,
        description: 'Audit sample',
        totalMinor: 10_000,
        status: 'pending',
        state,
        issueDate: '2026-01-01',
        dueDate: '2026-01-31',
      })
      .returning(),
  );

const draftBody = (number: string) => ({
  number,
  description: 'Audit draft',
  issueDate: '2026-01-01',
  dueDate: '2026-01-31',
  lines: [{ description: 'Work', quantity: 2, unitPrice: 50, taxRate: 20 }],
});

/** One valid request per staff write route; the test fails when a write route has none. */
const samples: Record<string, Sample> = {
  'PUT /api/staff/customers/:customerId/sso': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.globexId}/sso`,
    payload: {
      issuer: 'https://login.globex-retail.example',
      clientId: 'portal',
      clientSecret: 'a secret',
      domains: ['globex-retail.example'],
      allowJoin: false,
      enabled: true,
    },
  }),
  'PUT /api/staff/customers/:customerId/sign-in-policy': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/sign-in-policy`,
    payload: { policy: 'passkey' },
  }),
  'POST /api/staff/staff-members/:userId/second-factor/reset': async (t) => {
    const colleague = await first(
      t.app.db
        .insert(users)
        .values({
          email: 'colleague@example.com',
          firstName: 'Col',
          lastName: 'League',
          role: 'staff',
          staffRole: 'admin',
        })
        .returning(),
    );
    return { url: `/api/staff/staff-members/${colleague.id}/second-factor/reset` };
  },
  'PUT /api/staff/staff-members/:userId/role': async (t) => {
    const colleague = await first(
      t.app.db
        .insert(users)
        .values({
          email: 'promoted@example.com',
          firstName: 'Pro',
          lastName: 'Moted',
          role: 'staff',
          staffRole: 'agent',
        })
        .returning(),
    );
    return { url: `/api/staff/staff-members/${colleague.id}/role`, payload: { role: 'billing' } };
  },
  'PATCH /api/staff/leads/:kind/:leadId': async (t) => {
    const lead = await first(
      t.app.db
        .insert(contactMessages)
        .values({ name: 'Pat Doe', email: 'pat@example.com', message: 'Call me' })
        .returning(),
    );
    return { url: `/api/staff/leads/contact/${lead.id}`, payload: { status: 'done' } };
  },
  'POST /api/staff/customers': async () => ({
    url: '/api/staff/customers',
    payload: { name: 'Initech' },
  }),
  'PUT /api/staff/customers/:customerId': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.globexId}`,
    payload: { name: 'Globex Retail', phone: '(602) 555-0100' },
  }),
  'POST /api/staff/customers/:customerId/users': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/users`,
    payload: { email: 'new.person@acme-logistics.example', firstName: 'New', lastName: 'Person' },
  }),
  'PATCH /api/staff/customers/:customerId/members/:userId': async (t, ctx) => {
    const user = await first(
      t.app.db
        .insert(users)
        .values({
          email: 'role.change@acme-logistics.example',
          firstName: 'Role',
          lastName: 'Change',
        })
        .returning(),
    );
    await t.app.db.insert(customerUsers).values({ userId: user.id, customerId: ctx.acmeId });
    return {
      url: `/api/staff/customers/${ctx.acmeId}/members/${user.id}`,
      payload: { role: 'billing' },
    };
  },
  'PATCH /api/staff/users/:userId': async (t) => {
    const user = await first(
      t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.globex)),
    );
    return { url: `/api/staff/users/${user.id}`, payload: { active: false } };
  },
  'PATCH /api/staff/tickets/:ticketId': async (t, ctx) => {
    const ticket = await first(
      t.app.db.select().from(tickets).where(eq(tickets.customerId, ctx.acmeId)),
    );
    return { url: `/api/staff/tickets/${ticket.id}`, payload: { status: 'pending' } };
  },
  'PATCH /api/staff/tickets/:ticketId (priority)': async (t, ctx) => {
    const ticket = await first(
      t.app.db.select().from(tickets).where(eq(tickets.customerId, ctx.acmeId)),
    );
    const priority = ticket.priority === 'high' ? 'low' : 'high';
    return { url: `/api/staff/tickets/${ticket.id}`, payload: { priority } };
  },
  'POST /api/staff/tickets': async (t, ctx) => {
    const requester = await first(
      t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.acme)),
    );
    return {
      url: '/api/staff/tickets',
      payload: {
        customerId: ctx.acmeId,
        requesterUserId: requester.id,
        subject: 'Called about the VPN',
        description: 'The VPN drops every hour.',
        category: 'Network & Security',
        department: 'Network Administration',
        channel: 'phone',
      },
    };
  },
  'POST /api/staff/tickets (with files)': async (t, ctx) => {
    const requester = await first(
      t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.acme)),
    );
    return {
      url: '/api/staff/tickets',
      ...(await messageWithFiles(
        {
          customerId: ctx.acmeId,
          requesterUserId: requester.id,
          subject: 'Walked in with a broken dock',
          description: 'The dock shows no screens.',
          category: 'Hardware',
          department: 'IT Support',
          channel: 'walk-in',
        },
        [{ name: 'dock.txt', type: 'text/plain', data: Buffer.from('model D6000') }],
      )),
    };
  },
  'POST /api/staff/tickets/:ticketId/merge': async (t, ctx) => {
    const [from, into] = await freshTickets(t, ctx, 2);
    return { url: `/api/staff/tickets/${from}/merge`, payload: { intoTicketId: into } };
  },
  'POST /api/staff/tickets/bulk': async (t, ctx) => {
    const [ticketId] = await freshTickets(t, ctx, 1);
    return {
      url: '/api/staff/tickets/bulk',
      payload: { ticketIds: [ticketId], action: 'priority', priority: 'high' },
    };
  },
  'POST /api/staff/tickets/:ticketId/replies': async (t, ctx) => {
    const ticket = await first(
      t.app.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.customerId, ctx.acmeId), ne(tickets.status, 'closed'))),
    );
    return { url: `/api/staff/tickets/${ticket.id}/replies`, payload: { message: 'On it.' } };
  },
  // The same route in its multipart encoding (issue 37: one route, two encodings).
  'POST /api/staff/tickets/:ticketId/replies (with files)': async (t, ctx) => {
    const ticket = await first(
      t.app.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.customerId, ctx.acmeId), ne(tickets.status, 'closed'))),
    );
    const body = await messageWithFiles({ message: 'The log you asked for.' }, [
      { name: 'log.txt', type: 'text/plain', data: Buffer.from('line 1\nline 2\n') },
    ]);
    return { url: `/api/staff/tickets/${ticket.id}/replies`, ...body };
  },
  'PUT /api/staff/sla-targets': async () => ({
    url: '/api/staff/sla-targets',
    payload: [
      { priority: 'high', firstResponseMinutes: 60, resolutionMinutes: 480 },
      { priority: 'normal', firstResponseMinutes: 240, resolutionMinutes: 1440 },
      { priority: 'low', firstResponseMinutes: 480, resolutionMinutes: 4320 },
    ],
  }),
  'PUT /api/staff/follow-up-window': async () => ({
    url: '/api/staff/follow-up-window',
    payload: { days: 10 },
  }),
  'PUT /api/staff/assignment-rule': async () => ({
    url: '/api/staff/assignment-rule',
    payload: { rule: 'round-robin' },
  }),
  'PUT /api/staff/me/availability': async () => ({
    url: '/api/staff/me/availability',
    payload: { available: false },
  }),
  'POST /api/staff/closed-days': async () => ({
    url: '/api/staff/closed-days',
    payload: { day: nextWorkdays(1)[0], name: 'Founders Day' },
  }),
  'DELETE /api/staff/closed-days/:day': async (t) => {
    const day = nextWorkdays(2)[1] ?? '';
    await t.app.db.insert(closedDays).values({ day, name: 'Staff outing' });
    return { url: `/api/staff/closed-days/${day}` };
  },
  'PUT /api/staff/customers/:customerId/sla-targets': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/sla-targets`,
    payload: [{ priority: 'high', firstResponseMinutes: 30, resolutionMinutes: 240 }],
  }),
  'DELETE /api/staff/customers/:customerId/sla-targets': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/sla-targets`,
  }),
  'POST /api/staff/notifications/read': async () => ({
    url: '/api/staff/notifications/read',
    payload: { all: true },
  }),
  'POST /api/staff/tickets/:ticketId/watchers': async (t, ctx) => {
    const { ticketId, userId } = await ticketAndColleague(t, ctx, 'add.copy@acme.example', false);
    return { url: `/api/staff/tickets/${ticketId}/watchers`, payload: { userId } };
  },
  'DELETE /api/staff/tickets/:ticketId/watchers/:userId': async (t, ctx) => {
    const { ticketId, userId } = await ticketAndColleague(t, ctx, 'out.copy@acme.example', true);
    return { url: `/api/staff/tickets/${ticketId}/watchers/${userId}` };
  },
  'POST /api/staff/tickets/:ticketId/notes': async (t, ctx) => {
    const ticket = await first(
      t.app.db.select().from(tickets).where(eq(tickets.customerId, ctx.acmeId)),
    );
    return { url: `/api/staff/tickets/${ticket.id}/notes`, payload: { body: 'Called them.' } };
  },
  'POST /api/staff/unmatched-mail/:id/attach': async (t, ctx) => {
    const mail = await unmatchedMail(t, '<attach@example.net>');
    return {
      url: `/api/staff/unmatched-mail/${mail.id}/attach`,
      payload: { customerId: ctx.acmeId, newContact: { firstName: 'Sam', lastName: 'Stranger' } },
    };
  },
  'POST /api/staff/unmatched-mail/:id/discard': async (t) => {
    const mail = await unmatchedMail(t, '<discard@example.net>');
    return { url: `/api/staff/unmatched-mail/${mail.id}/discard` };
  },
  'POST /api/staff/customers/:customerId/invoices': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/invoices`,
    payload: {
      number: 'INV-AUDIT-1',
      description: 'Audit test',
      amount: 10,
      status: 'pending',
      issueDate: '2026-01-01',
      dueDate: '2026-01-31',
    },
  }),
  'POST /api/staff/customers/:customerId/invoice-drafts': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/invoice-drafts`,
    payload: draftBody('INV-AUDIT-DRAFT'),
  }),
  'PUT /api/staff/invoices/:invoiceId/draft': async (t, ctx) => {
    const inv = await sampleInvoice(t, ctx, 'draft');
    return { url: `/api/staff/invoices/${inv.id}/draft`, payload: draftBody(inv.number) };
  },
  'POST /api/staff/invoices/:invoiceId/issue': async (t, ctx) => ({
    url: `/api/staff/invoices/${(await sampleInvoice(t, ctx, 'draft')).id}/issue`,
  }),
  'POST /api/staff/invoices/:invoiceId/void': async (t, ctx) => ({
    url: `/api/staff/invoices/${(await sampleInvoice(t, ctx, 'issued')).id}/void`,
    payload: { reason: 'Sent to the wrong company' },
  }),
  'POST /api/staff/invoices/:invoiceId/payments': async (t, ctx) => ({
    url: `/api/staff/invoices/${(await sampleInvoice(t, ctx, 'issued')).id}/payments`,
    payload: { amount: 40, method: 'cheque', reference: 'CHQ 7', receivedOn: '2026-01-20' },
  }),
  'POST /api/staff/invoices/:invoiceId/credit-notes': async (t, ctx) => ({
    url: `/api/staff/invoices/${(await sampleInvoice(t, ctx, 'issued')).id}/credit-notes`,
    payload: { amount: 10, reason: 'Goodwill', issuedOn: '2026-01-15' },
  }),
  'PUT /api/staff/invoices/:invoiceId': async (t, ctx) => {
    // An issued one: a draft or a void invoice is changed through its own commands.
    const inv = await first(
      t.app.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.customerId, ctx.acmeId), eq(invoices.state, 'issued'))),
    );
    return {
      url: `/api/staff/invoices/${inv.id}`,
      payload: {
        number: inv.number,
        description: inv.description,
        amount: Number(inv.amount),
        status: 'paid',
        issueDate: inv.issueDate,
        dueDate: inv.dueDate,
      },
    };
  },
  'POST /api/staff/customers/:customerId/projects': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/projects`,
    payload: { name: 'Audit project', status: 'scheduled', progress: 0, startDate: '2026-02-01' },
  }),
  'PUT /api/staff/projects/:projectId': async (t, ctx) => {
    const p = await first(
      t.app.db.select().from(projects).where(eq(projects.customerId, ctx.acmeId)),
    );
    return {
      url: `/api/staff/projects/${p.id}`,
      payload: { name: p.name, status: p.status, progress: 70, startDate: p.startDate },
    };
  },
  'POST /api/staff/projects/:projectId/milestones': async (t, ctx) => {
    const p = await first(
      t.app.db.select().from(projects).where(eq(projects.customerId, ctx.acmeId)),
    );
    return {
      url: `/api/staff/projects/${p.id}/milestones`,
      payload: { title: 'Audit milestone', status: 'pending', dueDate: '2026-03-01' },
    };
  },
  'PUT /api/staff/milestones/:milestoneId': async (t) => {
    const m = await first(
      t.app.db.select().from(milestones).where(ne(milestones.status, 'completed')),
    );
    return {
      url: `/api/staff/milestones/${m.id}`,
      payload: { title: m.title, status: 'completed', dueDate: m.dueDate },
    };
  },
  // On a ticket (issue 38): the one time write serves the company page and the ticket screen.
  'POST /api/staff/customers/:customerId/time-entries': async (t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/time-entries`,
    payload: {
      workDate: '2026-02-02',
      hours: 1.5,
      description: 'Audit test',
      ticketId: (await freshTickets(t, ctx, 1))[0],
    },
  }),
  // The member's own timer (ADR 074): each sample sets the state it acts on, unaudited.
  'POST /api/staff/timer': async (t, ctx) => {
    await timerOf(t, ctx, null);
    return { url: '/api/staff/timer', payload: { ticketId: (await freshTickets(t, ctx, 1))[0] } };
  },
  'POST /api/staff/timer/pause': async (t, ctx) => {
    await timerOf(t, ctx, 'running');
    return { url: '/api/staff/timer/pause' };
  },
  'POST /api/staff/timer/resume': async (t, ctx) => {
    await timerOf(t, ctx, 'paused');
    return { url: '/api/staff/timer/resume' };
  },
  'POST /api/staff/timer/log': async (t, ctx) => {
    await timerOf(t, ctx, 'paused');
    return {
      url: '/api/staff/timer/log',
      payload: { workDate: '2026-02-02', hours: 0.5, description: 'Timed' },
    };
  },
  'DELETE /api/staff/timer': async (t, ctx) => {
    await timerOf(t, ctx, 'running');
    return { url: '/api/staff/timer' };
  },
  'POST /api/staff/customers/:customerId/documents': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/documents`,
    ...(await multipartBody(
      { category: 'other' },
      { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') },
    )),
  }),
  'POST /api/staff/scheduled-tickets': async (_t, ctx) => ({
    url: '/api/staff/scheduled-tickets',
    payload: scheduleBody(ctx),
  }),
  'PUT /api/staff/scheduled-tickets/:id': async (t, ctx) => ({
    url: `/api/staff/scheduled-tickets/${(await schedule(t, ctx)).id}`,
    payload: scheduleBody(ctx),
  }),
  'PATCH /api/staff/scheduled-tickets/:id': async (t, ctx) => ({
    url: `/api/staff/scheduled-tickets/${(await schedule(t, ctx)).id}`,
    payload: { paused: true },
  }),
  'DELETE /api/staff/scheduled-tickets/:id': async (t, ctx) => ({
    url: `/api/staff/scheduled-tickets/${(await schedule(t, ctx)).id}`,
  }),
  'POST /api/staff/customers/:customerId/recurring-invoices': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/recurring-invoices`,
    payload: recurringBody,
  }),
  'PUT /api/staff/recurring-invoices/:scheduleId': async (t, ctx) => ({
    url: `/api/staff/recurring-invoices/${(await recurring(t, ctx)).id}`,
    payload: recurringBody,
  }),
  'PATCH /api/staff/recurring-invoices/:scheduleId': async (t, ctx) => ({
    url: `/api/staff/recurring-invoices/${(await recurring(t, ctx)).id}`,
    payload: { active: false },
  }),
  'DELETE /api/staff/recurring-invoices/:scheduleId': async (t, ctx) => ({
    url: `/api/staff/recurring-invoices/${(await recurring(t, ctx)).id}`,
  }),
  'POST /api/staff/customers/:customerId/agreements': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/agreements`,
    payload: agreementBody,
  }),
  'PUT /api/staff/agreements/:agreementId': async (t, ctx) => ({
    url: `/api/staff/agreements/${(await agreement(t, ctx)).id}`,
    payload: agreementBody,
  }),
  'PATCH /api/staff/agreements/:agreementId': async (t, ctx) => ({
    url: `/api/staff/agreements/${(await agreement(t, ctx)).id}`,
    payload: { status: 'ended' },
  }),
  'POST /api/staff/customers/:customerId/quotes': async (_t, ctx) => ({
    url: `/api/staff/customers/${ctx.acmeId}/quotes`,
    payload: quoteBody,
  }),
  'PUT /api/staff/quotes/:quoteId': async (t, ctx) => ({
    url: `/api/staff/quotes/${(await sampleQuote(t, ctx, 'draft')).id}`,
    payload: quoteBody,
  }),
  'POST /api/staff/quotes/:quoteId/send': async (t, ctx) => {
    const jordan = await first(
      t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.acme)),
    );
    return {
      url: `/api/staff/quotes/${(await sampleQuote(t, ctx, 'draft')).id}/send`,
      payload: { userId: jordan.id },
    };
  },
  'POST /api/staff/quotes/:quoteId/reopen': async (t, ctx) => ({
    url: `/api/staff/quotes/${(await sampleQuote(t, ctx, 'sent')).id}/reopen`,
    payload: { version: 1 },
  }),
  'POST /api/staff/quotes/from-lead/:leadId': async (t, ctx) => {
    const lead = await first(
      t.app.db
        .insert(quoteRequests)
        .values({ name: 'Pat', email: 'pat@example.net', service: 'Cloud', details: 'Move mail' })
        .returning(),
    );
    return { url: `/api/staff/quotes/from-lead/${lead.id}`, payload: { customerId: ctx.acmeId } };
  },
  'POST /api/staff/saved-replies': async () => ({
    url: '/api/staff/saved-replies',
    payload: { title: 'Audit reply', body: 'Hi {{customer.firstName}}' },
  }),
  'PUT /api/staff/saved-replies/:id': async (t) => ({
    url: `/api/staff/saved-replies/${(await savedReply(t)).id}`,
    payload: { title: 'Renamed', body: 'New text' },
  }),
  'DELETE /api/staff/saved-replies/:id': async (t) => ({
    url: `/api/staff/saved-replies/${(await savedReply(t)).id}`,
  }),
  'POST /api/staff/kb/articles': async (t) => ({
    url: '/api/staff/kb/articles',
    payload: {
      title: 'Audit article',
      body: 'Text',
      categoryId: (await kbCategory(t)).id,
      visibility: 'public',
      published: true,
    },
  }),
  'PUT /api/staff/kb/articles/:id': async (t) => {
    const article = await kbArticle(t);
    return {
      url: `/api/staff/kb/articles/${article.id}`,
      payload: {
        title: 'Edited',
        body: 'New text',
        categoryId: article.categoryId,
        visibility: 'staff',
        published: false,
      },
    };
  },
  'POST /api/staff/kb/categories': async () => ({
    url: '/api/staff/kb/categories',
    payload: { name: 'Audit category' },
  }),
  'PUT /api/staff/kb/categories/:id': async (t) => ({
    url: `/api/staff/kb/categories/${(await kbCategory(t)).id}`,
    payload: { name: 'Renamed category' },
  }),
  'DELETE /api/staff/kb/categories/:id': async (t) => ({
    url: `/api/staff/kb/categories/${(await kbCategory(t)).id}`,
  }),
  'POST /api/staff/api-tokens': async () => ({
    url: '/api/staff/api-tokens',
    payload: { name: 'Audit token', scope: 'read', days: 30 },
  }),
  'DELETE /api/staff/api-tokens/:id': async (t) => {
    const staff = await first(
      t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL)),
    );
    const token = await first(
      t.app.db
        .insert(apiTokens)
        .values({
          userId: staff.id,
          name: 'Token to revoke',
          scope: 'read',
          tokenHash: 'not-a-real-hash',
          prefix: 'mit_xxxxxx',
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning(),
    );
    return { url: `/api/staff/api-tokens/${token.id}` };
  },
  'PUT /api/staff/status/settings': async () => ({
    url: '/api/staff/status/settings',
    payload: { enabled: false },
  }),
  'POST /api/staff/status/components': async () => ({
    url: '/api/staff/status/components',
    payload: { name: 'Audit component', allCustomers: true },
  }),
  'PUT /api/staff/status/components/:id': async (t) => ({
    url: `/api/staff/status/components/${(await statusComponent(t)).id}`,
    payload: { name: 'Renamed component', allCustomers: true },
  }),
  'DELETE /api/staff/status/components/:id': async (t) => ({
    url: `/api/staff/status/components/${(await statusComponent(t)).id}`,
  }),
  'POST /api/staff/status/incidents': async (t) => ({
    url: '/api/staff/status/incidents',
    payload: {
      title: 'Audit incident',
      impact: 'minor',
      componentIds: [(await statusComponent(t)).id],
      message: 'Looking into it',
    },
  }),
  'POST /api/staff/status/incidents/:id/updates': async (t) => ({
    url: `/api/staff/status/incidents/${(await openIncident(t)).id}/updates`,
    payload: { status: 'resolved', message: 'Fixed' },
  }),
  'POST /api/staff/status/maintenance': async (t) => ({
    url: '/api/staff/status/maintenance',
    payload: {
      title: 'Audit window',
      message: 'Firmware',
      startsAt: '2030-01-05T22:00',
      endsAt: '2030-01-06T01:00',
      timeZone: 'America/Chicago',
      componentIds: [(await statusComponent(t)).id],
    },
  }),
  'POST /api/staff/webhooks': async () => ({
    url: '/api/staff/webhooks',
    payload: { url: 'https://1.1.1.1/audit', events: ['invoice.created'] },
  }),
  'PUT /api/staff/webhooks/:webhookId': async (t) => ({
    url: `/api/staff/webhooks/${(await webhook(t)).id}`,
    payload: { url: 'https://1.1.1.1/audit', events: ['ticket.created'], active: false },
  }),
  'DELETE /api/staff/webhooks/:webhookId': async (t) => ({
    url: `/api/staff/webhooks/${(await webhook(t)).id}`,
  }),
  'POST /api/staff/webhooks/:webhookId/test': async (t) => ({
    url: `/api/staff/webhooks/${(await webhook(t)).id}/test`,
  }),
};

describe('the audit log', () => {
  const t = useStaffTestApp();
  const { ctx } = t;

  const auditCount = async () => (await first(t.app.db.select({ n: count() }).from(auditLog))).n;

  it('has a sample request for every staff write route', () => {
    const writes = listRoutes(t.app)
      .filter((r) => r.url.startsWith('/api/staff/') && !['GET', 'HEAD'].includes(r.method))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    const sampled = new Set(Object.keys(samples).map((k) => k.replace(/ \(.*\)$/, '')));
    expect(writes).toEqual([...sampled].sort());
  });

  for (const [route, sample] of Object.entries(samples)) {
    it(`records who, what, when and which company for ${route}`, async () => {
      const before = await auditCount();
      const options = await sample(t, ctx);
      const res = await t.app.inject({
        ...options,
        method: route.split(' ')[0] as InjectOptions['method'],
        headers: { ...options.headers, cookie: ctx.staffCookie },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(await auditCount()).toBe(before + 1);
      const row = await first(t.app.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)));
      expect(row.actorName).toBe('Morgan Hayes');
      expect(row.action).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
      expect(Date.now() - row.createdAt.getTime()).toBeLessThan(60_000);
      if (!companyless.includes(route)) expect(row.customerId).toBeTruthy();
    });
  }

  it('writes nothing, not even an audit row, when a write is refused', async () => {
    const before = await auditCount();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/customers/${ctx.acmeId}/invoices`,
      headers: { cookie: ctx.staffCookie },
      payload: {
        number: 'INV-BAD',
        description: 'x',
        amount: 5,
        status: 'pending',
        issueDate: '2026-02-10',
        dueDate: '2026-02-01',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Due date cannot be before the issue date' });
    expect(await auditCount()).toBe(before);
  });
});
