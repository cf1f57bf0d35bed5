import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/**
 * The benchmark company of issue 20: `npm run db:seed -- --huge`. Rows are made by the
 * database itself (generate_series, one statement per table), so 320,000 rows take seconds,
 * not a round trip each. One row in a hundred carries the word "Zephyr", so a search for it
 * matches about 1% of a list. Documents point at a stored file key that is not written:
 * the bench reads lists, not files.
 */
export const HUGE_COMPANY = {
  name: 'Fabrikam Industries',
  userEmail: 'robin.huge@fabrikam.example',
  invoices: 100_000,
  projects: 20_000,
  tickets: 100_000,
  documents: 100_000,
  /** Matches about 1% of each list. */
  rareWord: 'Zephyr',
} as const;

const services = sql.raw(
  `array['Managed help desk','Firewall maintenance','Laptop refresh','Cloud backup','Wireless survey','On-site repair','Network cabling']`,
);
const sites = sql.raw(`array['Boston','Denver','Seattle','Atlanta','Chicago','Phoenix','Austin']`);
/** "Zephyr " on one row in a hundred, else nothing. */
const rare = sql.raw(`case when i % 100 = 0 then '${HUGE_COMPANY.rareWord} ' else '' end`);

/** Adds the huge company unless its user exists. Returns whether anything was added. */
export async function seedHugeCompany(db: Db): Promise<boolean> {
  const [existing] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(sql`lower(${t.users.email})`, HUGE_COMPANY.userEmail))
    .limit(1);
  if (existing) return false;
  const h = HUGE_COMPANY;
  await db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(t.customers)
      .values({ name: h.name, email: 'it@fabrikam.example' })
      .returning({ id: t.customers.id });
    const [user] = await tx
      .insert(t.users)
      .values({ email: h.userEmail, firstName: 'Robin', lastName: 'Huge' })
      .returning({ id: t.users.id });
    if (!customer || !user) throw new Error('huge company not created');
    const c = customer.id;
    // An admin reads every list (issue 18's roles); a member would get 403 on invoices.
    await tx.insert(t.customerUsers).values({ userId: user.id, customerId: c, role: 'admin' });
    await tx.insert(t.notificationPreferences).values({ userId: user.id });

    await tx.execute(sql`
      insert into invoices (customer_id, number, description, total_minor, status, state, issue_date, due_date, payment_url)
      select ${c}, 'FAB-' || lpad(i::text, 7, '0'),
        ${rare} || (${services})[1 + i % 7] || ' - ' || (${sites})[1 + (i * 7 + 3) % 7] || ' (' || i || ')',
        (i * 7919) % 2000000 + 5000,
        (array['paid','paid','paid','pending','overdue'])[1 + i % 5]::invoice_status,
        (case when i % 5 < 3 then 'paid' else 'issued' end)::invoice_state,
        current_date - i / 3, current_date - i / 3 + 30,
        case when i % 5 >= 3 then 'https://pay.example.com/fabrikam/' || i end
      from generate_series(1, ${h.invoices}) i`);
    await tx.execute(sql`
      insert into projects (customer_id, name, description, status, progress, start_date,
        estimated_completion, end_date, project_manager, notes)
      select ${c}, ${rare} || (${sites})[1 + i % 7] || ' ' || (${services})[1 + (i * 3 + 1) % 7] || ' ' || i,
        'Project ' || i || ' for the ' || (${sites})[1 + i % 7] || ' office.',
        (array['completed','in-progress','scheduled','on-hold','completed'])[1 + i % 5]::project_status,
        case i % 5 when 0 then 100 when 4 then 100 when 2 then 0 else (i * 13) % 100 end,
        current_date - i / 2, case when i % 9 = 0 then null else current_date - i / 2 + 90 end,
        case when i % 5 in (0, 4) then current_date - i / 2 + 80 end,
        (array['Priya Natarajan','Marcus Bell','Dana Ortiz'])[1 + i % 3], 'Notes for project ' || i || '.'
      from generate_series(1, ${h.projects}) i`);
    await tx.execute(sql`
      insert into milestones (project_id, title, description, status, due_date, completed_date)
      select p.id, (array['Kickoff','Installation','Sign-off'])[n], 'Milestone ' || n,
        (array['completed','in-progress','pending'])[n]::milestone_status,
        p.start_date + 30 * (n - 1), case when n = 1 then p.start_date + 1 end
      from projects p cross join generate_series(1, 3) n where p.customer_id = ${c}`);
    await tx.execute(sql`
      insert into tickets (customer_id, subject, description, priority, status, category, department,
        created_by_user_id, created_at, updated_at)
      select ${c}, ${rare} || (${services})[1 + i % 7] || ' request ' || i,
        'Ticket ' || i || ' raised from the ' || (${sites})[1 + i % 7] || ' office.',
        (array['normal','high','low'])[1 + i % 3]::ticket_priority,
        (array['closed','open','pending','closed'])[1 + i % 4]::ticket_status,
        (array['Hardware','Network & Security','Cloud Services','Other'])[1 + i % 4],
        (array['IT Support','Network Administration','Security'])[1 + i % 3],
        ${user.id}, now() - i * interval '1 hour', now() - i * interval '1 hour'
      from generate_series(1, ${h.tickets}) i`);
    await tx.execute(sql`
      insert into documents (customer_id, project_id, name, type, content_type, size, category,
        storage_key, uploaded_by, uploaded_at, last_modified)
      select ${c}, null, ${rare} || (${sites})[1 + i % 7] || ' document ' || i || '.pdf', 'pdf',
        'application/pdf', 20000 + i % 5000,
        (array['project','invoice','compliance','training','other'])[1 + i % 5]::document_category,
        'seed/huge/missing.pdf', 'Morgan Hayes', now() - i * interval '30 minutes',
        now() - i * interval '30 minutes'
      from generate_series(1, ${h.documents}) i`);
    await tx.execute(sql`
      insert into activities (customer_id, type, title, created_at)
      select ${c}, (array['payment','milestone','ticket','document','other'])[1 + i % 5]::activity_type,
        'Activity ' || i, now() - i * interval '2 hours'
      from generate_series(1, 500) i`);
    await tx.execute(sql`
      insert into time_entries (customer_id, work_date, hours, description)
      select ${c}, current_date - i, 4, 'Engineering time ' || i from generate_series(0, 59) i`);
  });
  // Fresh statistics, so the planner knows this company is large and uses its indexes.
  await db.execute(sql`analyze`);
  return true;
}
