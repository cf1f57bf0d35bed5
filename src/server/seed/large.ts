import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { renderPdf } from '../lib/pdf.ts';
import { FsStorage, type FileStorage } from '../services/storage.ts';
import { inspectFile, storedContentType } from '../lib/safe-file.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/** The one company with a large history, for benchmarks: `npm run db:seed -- --large`. */
export const LARGE_COMPANY = {
  name: 'Contoso Holdings',
  userEmail: 'taylor.brooks@contoso-holdings.example',
  invoices: 10_000,
  projects: 2_000,
  tickets: 10_000,
  documents: 10_000,
} as const;

const BATCH = 1000;
const DAY = 86_400_000;
const day = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

const INVOICE_STATUSES = ['paid', 'paid', 'paid', 'pending', 'overdue'] as const;
const PROJECT_STATUSES = ['completed', 'in-progress', 'scheduled', 'on-hold', 'completed'] as const;
const TICKET_STATUSES = ['closed', 'open', 'pending', 'closed'] as const;
const PRIORITIES = ['normal', 'high', 'low'] as const;
const CATEGORIES = ['project', 'invoice', 'compliance', 'training', 'other'] as const;
const SERVICES = [
  'Managed help desk',
  'Firewall maintenance',
  'Laptop refresh',
  'Cloud backup',
  'Wireless survey',
  'On-site repair',
  'Network cabling',
];
const SITES = ['Boston', 'Denver', 'Seattle', 'Atlanta', 'Chicago', 'Phoenix', 'Austin'];

/** Adds the large company unless its user exists. Returns whether anything was added. */
/** Writes a seed file and says what an upload of the same bytes would store. */
async function stored(storage: FileStorage, key: string, bytes: Buffer) {
  return {
    size: await storage.put(key, bytes),
    contentType: storedContentType(await inspectFile(bytes)),
  };
}

export async function seedLargeCompany(
  db: Db,
  opts: { dataDir: string; storage?: FileStorage },
): Promise<boolean> {
  const [existing] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(sql`lower(${t.users.email})`, LARGE_COMPANY.userEmail))
    .limit(1);
  if (existing) return false;

  // A handful of real files, shared by the 10,000 document rows.
  const storage = opts.storage ?? new FsStorage(path.join(opts.dataDir, 'files'));
  const files: Array<{ key: string; type: string; contentType: string; size: number }> = [];
  for (const kind of ['Report', 'Checklist', 'Runbook']) {
    const key = `seed/large/${kind.toLowerCase()}.pdf`;
    const pdf = await renderPdf(`${LARGE_COMPANY.name} ${kind}`, [{ lines: [`Sample ${kind}.`] }]);
    files.push({ key, type: 'pdf', ...(await stored(storage, key, pdf)) });
  }
  const csv = Buffer.from('site,assets\nBoston,120\nDenver,85\n');
  files.push({
    key: 'seed/large/export.csv',
    type: 'csv',
    ...(await stored(storage, 'seed/large/export.csv', csv)),
  });
  const txt = Buffer.from('Maintenance window notes.\n');
  files.push({
    key: 'seed/large/notes.txt',
    type: 'txt',
    ...(await stored(storage, 'seed/large/notes.txt', txt)),
  });

  await db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(t.customers)
      .values({ name: LARGE_COMPANY.name, email: 'it@contoso-holdings.example' })
      .returning({ id: t.customers.id });
    const [user] = await tx
      .insert(t.users)
      .values({ email: LARGE_COMPANY.userEmail, firstName: 'Taylor', lastName: 'Brooks' })
      .returning({ id: t.users.id });
    if (!customer || !user) throw new Error('large company not created');
    const customerId = customer.id;
    await tx.insert(t.customerUsers).values({ userId: user.id, customerId, role: 'admin' });
    await tx.insert(t.notificationPreferences).values({ userId: user.id });

    await insertInBatches(
      LARGE_COMPANY.invoices,
      (i) => {
        const status = pick(INVOICE_STATUSES, i);
        const issued = -Math.floor(i / 3);
        return {
          customerId,
          number: `CON-${String(i + 1).padStart(6, '0')}`,
          description: `${pick(SERVICES, i)} - ${pick(SITES, i * 7 + 3)} (${i + 1})`,
          totalMinor: ((i * 7919) % 2_000_000) + 5000,
          state: status === 'paid' ? ('paid' as const) : ('issued' as const),
          status,
          issueDate: day(issued),
          dueDate: day(issued + 30),
          paymentUrl: status === 'paid' ? null : `https://pay.example.com/contoso/${i + 1}`,
        };
      },
      (rows) => tx.insert(t.invoices).values(rows),
    );

    const projectIds: string[] = [];
    await insertInBatches(
      LARGE_COMPANY.projects,
      (i) => {
        const status = pick(PROJECT_STATUSES, i);
        return {
          customerId,
          name: `${pick(SITES, i)} ${pick(SERVICES, i * 3 + 1)} ${i + 1}`,
          description: `Project ${i + 1} for the ${pick(SITES, i)} office.`,
          status,
          progress: status === 'completed' ? 100 : status === 'scheduled' ? 0 : (i * 13) % 100,
          startDate: day(-i),
          estimatedCompletion: i % 9 === 0 ? null : day(-i + 90),
          endDate: status === 'completed' ? day(-i + 80) : null,
          projectManager: pick(['Priya Natarajan', 'Marcus Bell', 'Dana Ortiz'], i),
          notes: `Notes for project ${i + 1}.`,
        };
      },
      async (rows) => {
        const ids = await tx.insert(t.projects).values(rows).returning({ id: t.projects.id });
        projectIds.push(...ids.map((r) => r.id));
      },
    );
    await insertInBatches(
      projectIds.length * 3,
      (i) => {
        const project = Math.floor(i / 3);
        const n = i % 3;
        return {
          projectId: projectIds[project]!,
          title: ['Kickoff', 'Installation', 'Sign-off'][n]!,
          description: `Milestone ${n + 1}`,
          status:
            n === 0
              ? ('completed' as const)
              : n === 1
                ? ('in-progress' as const)
                : ('pending' as const),
          dueDate: day(-project + 30 * n),
          completedDate: n === 0 ? day(-project + 1) : null,
        };
      },
      (rows) => tx.insert(t.milestones).values(rows),
    );

    await insertInBatches(
      LARGE_COMPANY.tickets,
      (i) => ({
        customerId,
        subject: `${pick(SERVICES, i)} request ${i + 1}`,
        description: `Ticket ${i + 1} raised from the ${pick(SITES, i)} office.`,
        priority: pick(PRIORITIES, i),
        status: pick(TICKET_STATUSES, i),
        category: pick(['Hardware', 'Network & Security', 'Cloud Services', 'Other'], i),
        department: pick(['IT Support', 'Network Administration', 'Security'], i),
        createdByUserId: user.id,
        createdAt: new Date(Date.now() - i * 3_600_000),
        updatedAt: new Date(Date.now() - i * 3_600_000),
      }),
      (rows) => tx.insert(t.tickets).values(rows),
    );

    await insertInBatches(
      LARGE_COMPANY.documents,
      (i) => {
        const file = pick(files, i);
        const at = new Date(Date.now() - i * 1_800_000);
        return {
          customerId,
          projectId: i % 2 === 0 ? pick(projectIds, i) : null,
          name: `${pick(SITES, i)} document ${i + 1}.${file.type}`,
          type: file.type,
          contentType: file.contentType,
          size: file.size,
          category: pick(CATEGORIES, i),
          storageKey: file.key,
          uploadedBy: 'Morgan Hayes',
          uploadedAt: at,
          lastModified: at,
        };
      },
      (rows) => tx.insert(t.documents).values(rows),
    );

    await tx.insert(t.activities).values(
      range(0, 50).map((i) => ({
        customerId,
        type: pick(['payment', 'milestone', 'ticket', 'document', 'other'] as const, i),
        title: `Activity ${i + 1}`,
        createdAt: new Date(Date.now() - i * 7_200_000),
      })),
    );
    await tx.insert(t.timeEntries).values(
      range(0, 60).map((i) => ({
        customerId,
        workDate: day(-i),
        hours: '4.00',
        description: `Engineering time ${i + 1}`,
      })),
    );
  });
  // Fresh statistics, so the planner knows this company is large and uses its indexes well.
  await db.execute(sql`analyze`);
  return true;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

async function insertInBatches<T>(
  count: number,
  row: (i: number) => T,
  insert: (rows: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < count; start += BATCH) {
    await insert(range(start, Math.min(start + BATCH, count)).map(row));
  }
}
