import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { renderPdf } from '../lib/pdf.ts';
import { inspectFile, storedContentType } from '../lib/safe-file.ts';
import { FsStorage, type FileStorage } from '../services/storage.ts';
import { slaClockFor } from '../services/helpdesk/sla.ts';
import { company } from '../../shared/company.ts';
import { defaultSlaTargets } from '../../shared/schemas/sla.ts';
import { toMinor } from '../../shared/currency.ts';
import { QUANTITY_SCALE } from '../../shared/invoice-totals.ts';
import type { Db, Tx } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { seedDemoQuote } from './demo-quotes.ts';
import { seedDemoKnowledgeBase } from './demo-knowledge-base.ts';

export const DEMO_STAFF_EMAIL = 'support@example.com';
/** One staff member of each role but admin (ADR 058); the admin is DEMO_STAFF_EMAIL. */
export const DEMO_STAFF_ROLES = [
  { email: 'agent@example.com', firstName: 'Avery', lastName: 'Quinn', staffRole: 'agent' },
  { email: 'billing@example.com', firstName: 'Blake', lastName: 'Moreno', staffRole: 'billing' },
  { email: 'auditor@example.com', firstName: 'Dana', lastName: 'Okafor', staffRole: 'read-only' },
] as const;
export const DEMO_USERS = {
  acme: 'jordan.lee@acme-logistics.example',
  globex: 'sam.rivera@globex-retail.example',
  /** A company with no rows at all: the portal shows its sample-data fallback. */
  initech: 'alex.kim@initech.example',
} as const;

const DAY = 86_400_000;
const daysFromNow = (n: number) => new Date(Date.now() + n * DAY);
/** A calendar day as `YYYY-MM-DD`, n days from today. */
const day = (n: number) => daysFromNow(n).toISOString().slice(0, 10);

type CompanySeed = {
  name: string;
  email: string;
  phone: string;
  address: string;
  invoicePrefix: string;
  user: { email: string; firstName: string; lastName: string };
  invoices: Array<[string, string, 'paid' | 'pending' | 'overdue', number, string | null]>;
  projects: Array<{
    name: string;
    description: string;
    status: 'in-progress' | 'completed' | 'scheduled' | 'on-hold';
    progress: number;
    start: number;
    estimate: number | null;
    end: number | null;
    manager: string;
    notes: string;
    milestones: Array<
      [string, string, 'completed' | 'in-progress' | 'pending', number, number | null]
    >;
  }>;
  tickets: Array<{
    subject: string;
    description: string;
    priority: 'high' | 'normal' | 'low';
    status: 'open' | 'pending' | 'closed';
    category: string;
    department: string;
    ageDays: number;
    assigned: boolean;
    replies: Array<[agent: boolean, message: string, hoursAfter: number]>;
  }>;
  sites: Array<[string, string, string, string, string]>;
  documents: Array<{
    name: string;
    category: 'project' | 'invoice' | 'compliance' | 'training' | 'other';
    project?: number;
    ageDays: number;
    body: string[];
  }>;
  /** A monthly retainer the company's time draws down (ADR 071): the portal's hours card. */
  retainer?: { name: string; hours: number; rolloverMonths: number; services: string[] };
};

const acme: CompanySeed = {
  name: 'Acme Logistics',
  email: 'it@acme-logistics.example',
  phone: '(214) 555-0110',
  address: '4500 Freight Way, Dallas, TX 75247',
  invoicePrefix: 'INV-2026-1',
  user: { email: DEMO_USERS.acme, firstName: 'Jordan', lastName: 'Lee' },
  retainer: {
    name: 'Managed help desk retainer',
    hours: 40,
    rolloverMonths: 1,
    services: ['help-desk-services', 'cybersecurity'],
  },
  invoices: [
    ['Managed help desk - monthly retainer', '4850.00', 'paid', -75, null],
    ['Warehouse wireless survey and heat map', '2375.50', 'paid', -48, null],
    [
      'Dock scanner fleet refresh (40 units)',
      '18640.00',
      'pending',
      -12,
      'https://pay.example.com/acme/1003',
    ],
    [
      'Managed help desk - monthly retainer',
      '4850.00',
      'pending',
      -5,
      'https://pay.example.com/acme/1004',
    ],
    [
      'Emergency on-site repair - core switch',
      '1295.00',
      'overdue',
      -52,
      'https://pay.example.com/acme/1005',
    ],
    ['Firewall license renewal', '3120.75', 'overdue', -40, null],
  ],
  projects: [
    {
      name: 'Warehouse Wi-Fi 6 Upgrade',
      description:
        'Replace legacy access points across three distribution centers with Wi-Fi 6 coverage for handheld scanners.',
      status: 'in-progress',
      progress: 65,
      start: -60,
      estimate: 30,
      end: null,
      manager: 'Priya Natarajan',
      notes:
        'Dallas and Fort Worth sites complete. Houston install is scheduled around the peak-season freeze.',
      milestones: [
        [
          'Site surveys complete',
          'Predictive and on-site surveys for all three buildings.',
          'completed',
          -45,
          -46,
        ],
        [
          'Dallas cut-over',
          'Install 42 access points and retire the old controller.',
          'completed',
          -20,
          -18,
        ],
        [
          'Houston cut-over',
          'Install 36 access points during the weekend window.',
          'in-progress',
          10,
          null,
        ],
        [
          'Post-install validation',
          'Roaming tests with the scanner fleet and sign-off.',
          'pending',
          28,
          null,
        ],
      ],
    },
    {
      name: 'Endpoint Security Rollout',
      description:
        'Deploy managed EDR to every laptop and dispatch workstation, with 24/7 alert triage.',
      status: 'completed',
      progress: 100,
      start: -140,
      estimate: -80,
      end: -82,
      manager: 'Marcus Bell',
      notes: 'All 212 endpoints enrolled. Monthly threat report is delivered with the invoice.',
      milestones: [
        ['Pilot group', 'Twenty dispatch machines enrolled and tuned.', 'completed', -120, -121],
        ['Fleet enrollment', 'Remaining endpoints enrolled in three waves.', 'completed', -90, -88],
      ],
    },
    {
      name: 'Dispatch Office Relocation',
      description:
        'Move the dispatch team to the new Irving office: cabling, desks, phones and printers.',
      status: 'scheduled',
      progress: 0,
      start: 21,
      estimate: 50,
      end: null,
      manager: 'Priya Natarajan',
      notes: 'Waiting on the landlord for the final floor plan.',
      milestones: [
        ['Cabling plan approved', 'Structured cabling drawings signed off.', 'pending', 25, null],
        ['Move weekend', 'Equipment moved and tested before Monday.', 'pending', 45, null],
      ],
    },
    {
      name: 'Backup Modernization',
      description: 'Move nightly backups from tape to immutable cloud storage.',
      status: 'on-hold',
      progress: 30,
      start: -30,
      estimate: 60,
      end: null,
      manager: 'Marcus Bell',
      notes: "Paused at the customer's request until the new fiscal year budget is approved.",
      milestones: [
        [
          'Storage account provisioned',
          'Immutable bucket with 30-day retention lock.',
          'completed',
          -20,
          -21,
        ],
        ['Backup jobs migrated', 'Move the 14 nightly jobs.', 'pending', 55, null],
      ],
    },
  ],
  tickets: [
    {
      subject: 'Scanner drops Wi-Fi near dock door 12',
      description:
        'Handheld scanners lose connection for 10-20 seconds when pickers walk past dock door 12.',
      priority: 'high',
      status: 'open',
      category: 'Network & Security',
      department: 'Network Administration',
      ageDays: 2,
      assigned: true,
      replies: [
        [
          true,
          'Thanks, Jordan. We can see the roaming events in the controller logs and are checking the AP on that bay.',
          3,
        ],
        [false, 'Thank you. It happens most during the 2 PM shift change.', 5],
      ],
    },
    {
      subject: 'New hire laptop for dispatch',
      description: 'Please image a laptop for Alex Moreno, starting next Monday in dispatch.',
      priority: 'normal',
      status: 'pending',
      category: 'Hardware',
      department: 'IT Support',
      ageDays: 6,
      assigned: true,
      replies: [
        [
          true,
          "The laptop is imaged and waiting for the user's phone number to finish MFA enrollment.",
          20,
        ],
      ],
    },
    {
      subject: 'Shared mailbox for claims team',
      description: 'Create claims@acme-logistics.example and give access to four people.',
      priority: 'low',
      status: 'closed',
      category: 'Email & Communication',
      department: 'IT Support',
      ageDays: 21,
      assigned: true,
      replies: [
        [true, 'The shared mailbox is created and the four users have full access.', 4],
        [false, 'Confirmed, everyone can see it. Thanks!', 9],
      ],
    },
    {
      subject: 'Accounting software license count',
      description: 'We need two more seats of the accounting package before month end.',
      priority: 'normal',
      status: 'open',
      category: 'Software & Licensing',
      department: 'IT Support',
      ageDays: 1,
      assigned: false,
      replies: [],
    },
  ],
  sites: [
    [
      'Dallas Distribution Center',
      '4500 Freight Way, Dallas, TX 75247',
      'Jordan Lee',
      'jordan.lee@acme-logistics.example',
      '(214) 555-0110',
    ],
    [
      'Houston Cross-Dock',
      '9800 Port Road, Houston, TX 77029',
      'Dana Whitfield',
      'dana.whitfield@acme-logistics.example',
      '(713) 555-0181',
    ],
  ],
  documents: [
    {
      name: 'Wi-Fi Survey Report',
      category: 'project',
      project: 0,
      ageDays: 44,
      body: [
        'Predictive survey results for the Dallas, Fort Worth and Houston buildings.',
        'Recommended 118 access points at 5 GHz with 20 MHz channels.',
      ],
    },
    {
      name: 'Endpoint Security Runbook',
      category: 'training',
      ageDays: 85,
      body: ['How to read an EDR alert, isolate a laptop and request a rebuild.'],
    },
    {
      name: 'SOC 2 Bridge Letter',
      category: 'compliance',
      ageDays: 30,
      body: ['Meridian IT Services controls remained in place for the bridge period.'],
    },
  ],
};

const globex: CompanySeed = {
  name: 'Globex Retail',
  email: 'helpdesk@globex-retail.example',
  phone: '(602) 555-0155',
  address: '77 Market Street, Phoenix, AZ 85004',
  invoicePrefix: 'INV-2026-2',
  user: { email: DEMO_USERS.globex, firstName: 'Sam', lastName: 'Rivera' },
  invoices: [
    ['POS terminal staging - 18 stores', '22400.00', 'paid', -90, null],
    ['Store network refresh - phase 1', '15780.25', 'paid', -60, null],
    [
      'Cloud backup subscription - quarterly',
      '1890.00',
      'pending',
      -10,
      'https://pay.example.com/globex/2003',
    ],
    [
      'Store network refresh - phase 2',
      '16210.00',
      'overdue',
      -45,
      'https://pay.example.com/globex/2004',
    ],
  ],
  projects: [
    {
      name: 'POS Rollout - Southwest Region',
      description: 'Stage, ship and install new point-of-sale terminals in 42 stores.',
      status: 'in-progress',
      progress: 40,
      start: -35,
      estimate: 55,
      end: null,
      manager: 'Elena Ortiz',
      notes: 'Stores are installed overnight; each store needs a manager on site for sign-off.',
      milestones: [
        ['Staging lab build', 'Golden image and test lanes ready.', 'completed', -25, -26],
        ['Wave 1 (14 stores)', 'Phoenix metro stores.', 'in-progress', 7, null],
        ['Wave 2 (28 stores)', 'Tucson and Albuquerque stores.', 'pending', 40, null],
      ],
    },
    {
      name: 'PCI DSS Readiness Assessment',
      description: 'Gap assessment against PCI DSS 4.0 with a remediation plan.',
      status: 'completed',
      progress: 100,
      start: -120,
      estimate: -70,
      end: -72,
      manager: 'Marcus Bell',
      notes: 'Report delivered; three medium findings are tracked as tickets.',
      milestones: [
        ['Scoping workshop', 'Cardholder data environment mapped.', 'completed', -110, -112],
        ['Final report', 'Findings and remediation plan presented.', 'completed', -72, -72],
      ],
    },
    {
      name: 'Guest Wi-Fi Captive Portal',
      description: 'Branded guest Wi-Fi with marketing opt-in for all stores.',
      status: 'scheduled',
      progress: 0,
      start: 30,
      estimate: 75,
      end: null,
      manager: 'Elena Ortiz',
      notes: 'Marketing is finalizing the splash page copy.',
      milestones: [['Pilot store live', 'Scottsdale store pilot.', 'pending', 40, null]],
    },
    {
      name: 'Inventory Handheld Refresh',
      description: 'Replace end-of-life inventory handhelds in all stores.',
      status: 'on-hold',
      progress: 15,
      start: -20,
      estimate: 90,
      end: null,
      manager: 'Priya Natarajan',
      notes: 'On hold until the vendor confirms supply of the rugged model.',
      milestones: [
        ['Model selection', 'Two candidate devices field-tested.', 'completed', -10, -12],
      ],
    },
  ],
  tickets: [
    {
      subject: 'Receipt printer offline at store 114',
      description: 'Lane 3 receipt printer shows offline after the weekend power outage.',
      priority: 'high',
      status: 'open',
      category: 'Hardware',
      department: 'IT Support',
      ageDays: 1,
      assigned: true,
      replies: [[true, 'A field technician is booked for tomorrow 9 AM with a spare printer.', 2]],
    },
    {
      subject: 'VPN access for regional manager',
      description: 'Please give Chris Patel VPN access to the store reporting server.',
      priority: 'normal',
      status: 'pending',
      category: 'Network & Security',
      department: 'Security',
      ageDays: 4,
      assigned: true,
      replies: [
        [true, 'We need approval from the security owner on your side before granting access.', 6],
        [false, 'Approval sent by e-mail from our CFO this morning.', 22],
      ],
    },
    {
      subject: 'Cloud storage quota warning',
      description: 'We received a warning that the marketing share is at 90% of its quota.',
      priority: 'low',
      status: 'closed',
      category: 'Cloud Services',
      department: 'Cloud Services',
      ageDays: 15,
      assigned: true,
      replies: [[true, 'Quota raised to 2 TB and an alert set at 85%.', 3]],
    },
  ],
  sites: [
    [
      'Phoenix Headquarters',
      '77 Market Street, Phoenix, AZ 85004',
      'Sam Rivera',
      'sam.rivera@globex-retail.example',
      '(602) 555-0155',
    ],
  ],
  documents: [
    {
      name: 'PCI Gap Assessment',
      category: 'compliance',
      project: 1,
      ageDays: 70,
      body: [
        'Assessment of 12 PCI DSS 4.0 requirements across 42 stores.',
        'Three medium findings, no high findings.',
      ],
    },
    {
      name: 'POS Install Checklist',
      category: 'project',
      project: 0,
      ageDays: 20,
      body: ['Overnight install steps for each lane and the store manager sign-off.'],
    },
  ],
};

/**
 * Fills an empty database with the demo companies, their users and a living
 * history. Idempotent: a database that already has the staff user is left alone.
 */
export async function seedDemoData(
  db: Db,
  opts: { dataDir: string; storage?: FileStorage },
): Promise<boolean> {
  const storage = opts.storage ?? new FsStorage(path.join(opts.dataDir, 'files'));
  const [existing] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(sql`lower(${t.users.email})`, DEMO_STAFF_EMAIL))
    .limit(1);
  // A database seeded before the empty company existed still gets it.
  if (existing) return seedEmptyCompany(db);

  // Files first (outside the transaction): a document row never points at a missing file.
  const files = new Map<string, { key: string; size: number; type: string; contentType: string }>();
  for (const company of [acme, globex]) {
    for (const doc of company.documents) {
      const pdf = await renderPdf(doc.name, [{ heading: company.name, lines: doc.body }]);
      const key = `seed/${slug(company.name)}/${slug(doc.name)}.pdf`;
      files.set(`${company.name}/${doc.name}`, {
        key,
        size: await storage.put(key, pdf),
        type: 'pdf',
        contentType: storedContentType(await inspectFile(pdf)),
      });
    }
    const csv = Buffer.from(invoiceCsv(company));
    const csvKey = `seed/${slug(company.name)}/invoice-history.csv`;
    files.set(`${company.name}/csv`, {
      key: csvKey,
      size: await storage.put(csvKey, csv),
      type: 'csv',
      // What an upload of the same bytes stores (unknown bytes: text has no signature).
      contentType: storedContentType(await inspectFile(csv)),
    });
  }

  await db.transaction(async (tx) => {
    const [staff] = await tx
      .insert(t.users)
      .values({
        email: DEMO_STAFF_EMAIL,
        firstName: 'Morgan',
        lastName: 'Hayes',
        role: 'staff',
        staffRole: 'admin',
      })
      .returning();
    if (!staff) throw new Error('staff user not created');
    await tx.insert(t.notificationPreferences).values({ userId: staff.id });
    const colleagues = await tx
      .insert(t.users)
      .values(DEMO_STAFF_ROLES.map((member) => ({ ...member, role: 'staff' as const })))
      .returning({ id: t.users.id });
    await tx
      .insert(t.notificationPreferences)
      .values(colleagues.map((member) => ({ userId: member.id })));
    for (const company of [acme, globex]) await seedCompany(tx, company, staff, files);
    const [acmeRow] = await tx
      .select({ id: t.customers.id })
      .from(t.customers)
      .where(eq(t.customers.name, acme.name));
    if (!acmeRow) throw new Error('Acme not created');
    await seedDemoKnowledgeBase(tx, staff, acmeRow.id);
    await seedEmptyCompany(tx);
  });
  return true;
}

/** Initech and its user, with no invoices, projects, tickets, documents or activity. */
async function seedEmptyCompany(db: Db): Promise<boolean> {
  const [existing] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(sql`lower(${t.users.email})`, DEMO_USERS.initech))
    .limit(1);
  if (existing) return false;
  const [customer] = await db
    .insert(t.customers)
    .values({ name: 'Initech', email: 'it@initech.example', phone: '(512) 555-0177' })
    .returning({ id: t.customers.id });
  const [user] = await db
    .insert(t.users)
    .values({ email: DEMO_USERS.initech, firstName: 'Alex', lastName: 'Kim', role: 'customer' })
    .returning({ id: t.users.id });
  if (!customer || !user) throw new Error('Initech not created');
  await db
    .insert(t.customerUsers)
    .values({ userId: user.id, customerId: customer.id, role: 'admin' });
  await db.insert(t.notificationPreferences).values({ userId: user.id });
  return true;
}

async function seedCompany(
  tx: Tx,
  c: CompanySeed,
  staff: { id: string; firstName: string; lastName: string },
  files: Map<string, { key: string; size: number; type: string; contentType: string }>,
) {
  const staffName = `${staff.firstName} ${staff.lastName}`;
  const [customer] = await tx
    .insert(t.customers)
    .values({ name: c.name, email: c.email, phone: c.phone, address: c.address })
    .returning();
  if (!customer) throw new Error('customer not created');
  const [user] = await tx
    .insert(t.users)
    .values({ ...c.user, role: 'customer' })
    .returning();
  if (!user) throw new Error('user not created');
  const userName = `${user.firstName} ${user.lastName}`;
  await tx
    .insert(t.customerUsers)
    .values({ userId: user.id, customerId: customer.id, position: 0, role: 'admin' });
  await tx.insert(t.notificationPreferences).values({ userId: user.id });
  await seedDemoQuote(tx, {
    customerId: customer.id,
    userId: user.id,
    staffId: staff.id,
    number: `Q-${c.invoicePrefix.slice(4)}01`,
  });

  const invoiceRows = await tx
    .insert(t.invoices)
    .values(
      c.invoices.map(([description, amount, status, issued, paymentUrl], i) => ({
        customerId: customer.id,
        number: `${c.invoicePrefix}${String(i + 1).padStart(3, '0')}`,
        description,
        totalMinor: toMinor(Number(amount), 'USD'),
        status,
        state: status === 'paid' ? ('paid' as const) : ('issued' as const),
        issueDate: day(issued),
        dueDate: day(issued + 30),
        paymentUrl: status === 'paid' ? null : paymentUrl,
        createdAt: daysFromNow(issued),
      })),
    )
    .returning({
      id: t.invoices.id,
      description: t.invoices.description,
      total: t.invoices.totalMinor,
    });
  // Each sample invoice is a document of one line, so its lines add up to its total (ADR 066).
  await tx.insert(t.invoiceLines).values(
    invoiceRows.map((inv) => ({
      invoiceId: inv.id,
      position: 1,
      description: inv.description,
      quantityMilli: QUANTITY_SCALE,
      unitPriceMinor: inv.total,
    })),
  );

  const retainer = c.retainer ? await seedRetainer(tx, customer.id, c.retainer) : null;
  const projectIds: string[] = [];
  for (const p of c.projects) {
    const [project] = await tx
      .insert(t.projects)
      .values({
        customerId: customer.id,
        name: p.name,
        description: p.description,
        status: p.status,
        progress: p.progress,
        startDate: day(p.start),
        estimatedCompletion: p.estimate === null ? null : day(p.estimate),
        endDate: p.end === null ? null : day(p.end),
        projectManager: p.manager,
        notes: p.notes,
      })
      .returning({ id: t.projects.id });
    if (!project) throw new Error('project not created');
    projectIds.push(project.id);
    await tx.insert(t.milestones).values(
      p.milestones.map(([title, description, status, due, completed]) => ({
        projectId: project.id,
        title,
        description,
        status,
        dueDate: day(due),
        completedDate: completed === null ? null : day(completed),
      })),
    );
    await tx.insert(t.timeEntries).values(
      [0, 1, 2].map((n) => ({
        customerId: customer.id,
        projectId: project.id,
        userId: staff.id,
        workDate: thisMonthDay(n * 3),
        hours: p.status === 'in-progress' ? '6.50' : '1.25',
        description: `${p.name}: engineering time`,
        agreementId: retainer,
      })),
    );
  }

  for (const tk of c.tickets) {
    const { createdAt, updatedAt } = ticketTimes(tk);
    const [ticket] = await tx
      .insert(t.tickets)
      .values({
        customerId: customer.id,
        subject: tk.subject,
        description: tk.description,
        priority: tk.priority,
        status: tk.status,
        category: tk.category,
        department: tk.department,
        createdByUserId: user.id,
        assignedToUserId: tk.assigned ? staff.id : null,
        createdAt,
        updatedAt,
      })
      .returning({ id: t.tickets.id });
    if (!ticket) throw new Error('ticket not created');
    if (tk.replies.length > 0) {
      await tx.insert(t.ticketReplies).values(
        tk.replies.map(([agent, message, hours]) => ({
          ticketId: ticket.id,
          message,
          isAgent: agent,
          author: agent ? staffName : userName,
          authorUserId: agent ? staff.id : user.id,
          createdAt: new Date(createdAt.getTime() + hours * 3_600_000),
        })),
      );
    }
    // The SLA clock the ticket would have had (docs/decisions/035-assignment-and-slas.md).
    const target = defaultSlaTargets.find((d) => d.priority === tk.priority);
    const firstAgentReply = tk.replies.find(([agent]) => agent);
    if (target) {
      const clock = slaClockFor(createdAt, target, company.businessHours);
      await tx.insert(t.ticketSlas).values({
        ticketId: ticket.id,
        ...clock,
        firstRespondedAt: firstAgentReply
          ? new Date(createdAt.getTime() + firstAgentReply[2] * 3_600_000)
          : null,
        resolvedAt: tk.status === 'closed' ? updatedAt : null,
        // A pending ticket waits on the customer since its last change (unless already late).
        pausedAt: tk.status === 'pending' && clock.resolutionDueAt > updatedAt ? updatedAt : null,
      });
    }
  }

  await tx.insert(t.sites).values(
    c.sites.map(([name, address, contactPerson, contactEmail, contactPhone]) => ({
      customerId: customer.id,
      name,
      address,
      contactPerson,
      contactEmail,
      contactPhone,
    })),
  );

  const docRows = c.documents.map((d) => {
    const file = files.get(`${c.name}/${d.name}`);
    if (!file) throw new Error(`file for ${d.name} missing`);
    return {
      customerId: customer.id,
      projectId: d.project === undefined ? null : (projectIds[d.project] ?? null),
      name: `${d.name}.pdf`,
      type: file.type,
      contentType: file.contentType,
      size: file.size,
      category: d.category,
      storageKey: file.key,
      uploadedBy: staffName,
      uploadedByUserId: staff.id,
      uploadedAt: daysFromNow(-d.ageDays),
      lastModified: daysFromNow(-d.ageDays),
    };
  });
  const csv = files.get(`${c.name}/csv`);
  if (!csv) throw new Error('csv missing');
  docRows.push({
    customerId: customer.id,
    projectId: null,
    name: 'Invoice History.csv',
    type: csv.type,
    contentType: csv.contentType,
    size: csv.size,
    category: 'invoice',
    storageKey: csv.key,
    uploadedBy: staffName,
    uploadedByUserId: staff.id,
    uploadedAt: daysFromNow(-3),
    lastModified: daysFromNow(-3),
  });
  await tx.insert(t.documents).values(docRows);

  // The feed's entries on the days of the records they name (looked at 2026-11-28: a
  // milestone "reached" a month after its completed date).
  const firstMilestone = c.projects[0]?.milestones[0];
  const firstTicket = c.tickets[0];
  await tx.insert(t.activities).values([
    {
      customerId: customer.id,
      type: 'payment',
      title: `Payment received for ${c.invoicePrefix}001`,
      createdAt: daysFromNow(-40),
    },
    {
      customerId: customer.id,
      type: 'milestone',
      title: `Milestone reached: ${firstMilestone?.[0] ?? 'kickoff'}`,
      createdAt: daysFromNow(firstMilestone?.[4] ?? -18),
    },
    {
      customerId: customer.id,
      type: 'document',
      title: `Document added: ${c.documents[0]?.name ?? 'report'}`,
      createdAt: daysFromNow(-(c.documents[0]?.ageDays ?? 10)),
    },
    {
      customerId: customer.id,
      type: 'ticket',
      title: `Ticket updated: ${firstTicket?.subject ?? 'support request'}`,
      createdAt: firstTicket ? ticketTimes(firstTicket).updatedAt : daysFromNow(-1),
    },
    {
      customerId: customer.id,
      type: 'other',
      title: 'Quarterly business review scheduled',
      createdAt: daysFromNow(-0.5),
    },
  ]);
}

/** A seeded ticket's opening and its last reply's time. */
function ticketTimes(tk: CompanySeed['tickets'][number]): { createdAt: Date; updatedAt: Date } {
  // Up to 2½ hours earlier, from the subject: the demo's tickets are not all opened at the
  // minute the seed ran.
  const spreadMinutes = [...tk.subject].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 150;
  const createdAt = new Date(daysFromNow(-tk.ageDays).getTime() - spreadMinutes * 60_000);
  const lastReply = tk.replies.at(-1);
  const updatedAt = lastReply
    ? new Date(createdAt.getTime() + lastReply[2] * 3_600_000)
    : createdAt;
  return { createdAt, updatedAt };
}

/** The retainer from the first of this month (the office's zone); returns its id. */
async function seedRetainer(
  tx: Tx,
  customerId: string,
  r: NonNullable<CompanySeed['retainer']>,
): Promise<string> {
  const [row] = await tx
    .insert(t.agreements)
    .values({
      customerId,
      name: r.name,
      type: 'retainer',
      startsOn: thisMonthDay(31),
      hoursCenti: r.hours * 100,
      rolloverMonths: r.rolloverMonths,
      currency: 'USD',
      hourlyRateMinor: toMinor(125, 'USD'),
      overageRateMinor: toMinor(150, 'USD'),
      timeZone: company.businessHours.timeZone,
      services: r.services,
    })
    .returning({ id: t.agreements.id });
  if (!row) throw new Error('agreement not created');
  return row.id;
}

/** A day in the current calendar month (clamped to today), so "This Month's Hours" is never empty. */
function thisMonthDay(offset: number): string {
  const now = new Date();
  const d = Math.max(1, now.getUTCDate() - offset);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), d)).toISOString().slice(0, 10);
}

function invoiceCsv(c: CompanySeed): string {
  const rows = c.invoices.map(
    ([description, amount, status], i) =>
      `${c.invoicePrefix}${String(i + 1).padStart(3, '0')},"${description}",${amount},${status}`,
  );
  return ['number,description,amount,status', ...rows].join('\n') + '\n';
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
