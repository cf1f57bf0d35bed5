import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, contactMessages, quoteRequests, timeEntries } from '../../db/schema.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

describe('billing, delivery and leads', () => {
  const t = useStaffTestApp();
  const { ctx } = t;

  const staff = t.request;
  const latestActivities = async (n: number) =>
    (
      await t.app.db
        .select()
        .from(activities)
        .where(eq(activities.customerId, ctx.acmeId))
        .orderBy(desc(activities.createdAt))
        .limit(n)
    ).map((a) => [a.type, a.title]);

  const invoice = {
    number: 'INV-2026-9001',
    description: 'Rack and stack',
    amount: 1234.5,
    status: 'pending',
    issueDate: '2026-03-01',
    dueDate: '2026-03-31',
    paymentUrl: 'https://pay.example.com/9001',
  };

  it('creates an invoice (activity "other"), refuses a duplicate number, and marks it paid (activity "payment")', async () => {
    const created = await staff('POST', `/api/staff/customers/${ctx.acmeId}/invoices`, invoice);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ amount: 1234.5, status: 'pending' });
    expect(await latestActivities(1)).toEqual([['other', 'New invoice INV-2026-9001 issued']]);
    const dup = await staff('POST', `/api/staff/customers/${ctx.globexId}/invoices`, invoice);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'An invoice with this number already exists' });
    const paid = await staff('PUT', `/api/staff/invoices/${created.json().id}`, {
      ...invoice,
      status: 'paid',
    });
    expect(paid.statusCode).toBe(200);
    expect(await latestActivities(1)).toEqual([['payment', 'Payment received for INV-2026-9001']]);
    const list = (await staff('GET', `/api/staff/customers/${ctx.acmeId}/invoices`)).json();
    expect(list.map((i: { number: string }) => i.number)).toContain('INV-2026-9001');
  });

  it('refuses bad invoice input with the message of the first problem', async () => {
    const cases: Array<[object, string]> = [
      [{ ...invoice, number: '' }, 'Invoice number is required'],
      [{ ...invoice, amount: -1 }, 'Amount cannot be negative'],
      [{ ...invoice, amount: 1.234 }, 'Amount must have at most 2 decimals in USD'],
      // Outside attack, 2026-11-28: 1e-10 was saved as 0.00.
      [{ ...invoice, amount: 1e-10 }, 'Amount must have at most 2 decimals in USD'],
      [{ ...invoice, issueDate: '2026-02-30' }, 'Issue date is required'],
      [{ ...invoice, paymentUrl: 'javascript:alert(1)' }, 'Payment link must be an http(s) URL'],
    ];
    for (const [payload, message] of cases) {
      const res = await staff('POST', `/api/staff/customers/${ctx.acmeId}/invoices`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    // And a time entry of 1e-10 hours answered 500 (nothing saved): now the same refusal.
    for (const hours of [1e-10, 5e-324]) {
      const res = await staff('POST', `/api/staff/customers/${ctx.acmeId}/time-entries`, {
        workDate: '2026-03-02',
        hours,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Hours must have at most 2 decimals' });
    }
  });

  it('creates a project (activity "other") and completes a milestone once (activity "milestone")', async () => {
    const project = await staff('POST', `/api/staff/customers/${ctx.acmeId}/projects`, {
      name: 'Branch firewall swap',
      status: 'in-progress',
      progress: 10,
      startDate: '2026-03-01',
      projectManager: 'Priya Natarajan',
    });
    expect(project.statusCode, project.body).toBe(201);
    expect(await latestActivities(1)).toEqual([['other', 'New project: Branch firewall swap']]);
    const id = project.json().id as string;
    const milestone = await staff('POST', `/api/staff/projects/${id}/milestones`, {
      title: 'Cut-over',
      status: 'pending',
      dueDate: '2026-03-20',
      completedDate: '2026-03-01',
    });
    expect(milestone.statusCode).toBe(201);
    expect(milestone.json().completedDate).toBeNull();
    const done = await staff('PUT', `/api/staff/milestones/${milestone.json().id}`, {
      title: 'Cut-over',
      status: 'completed',
      dueDate: '2026-03-20',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().completedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await staff('PUT', `/api/staff/milestones/${milestone.json().id}`, {
      title: 'Cut-over',
      status: 'completed',
      dueDate: '2026-03-20',
    });
    expect(await latestActivities(2)).toEqual([
      ['milestone', 'Milestone completed: Cut-over'],
      ['other', 'New project: Branch firewall swap'],
    ]);
    const over = await staff('PUT', `/api/staff/projects/${id}`, {
      name: 'Branch firewall swap',
      status: 'in-progress',
      progress: 101,
      startDate: '2026-03-01',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: 'Progress must be a number from 0 to 100' });
    const list = (await staff('GET', `/api/staff/customers/${ctx.acmeId}/projects`)).json();
    const mine = list.find((p: { id: string }) => p.id === id);
    expect(mine.milestones).toHaveLength(1);
  });

  it("logs time, refusing another company's project", async () => {
    const [globexProject] = (
      await staff('GET', `/api/staff/customers/${ctx.globexId}/projects`)
    ).json() as Array<{ id: string }>;
    const wrong = await staff('POST', `/api/staff/customers/${ctx.acmeId}/time-entries`, {
      projectId: globexProject!.id,
      workDate: '2026-03-02',
      hours: 2,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Project not found for this company' });
    const ok = await staff('POST', `/api/staff/customers/${ctx.acmeId}/time-entries`, {
      projectId: '',
      workDate: '2026-03-02',
      hours: 2.25,
      description: 'Remote support',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ hours: 2.25, loggedBy: 'Morgan Hayes', projectId: null });
    const [row] = await t.app.db.select().from(timeEntries).where(eq(timeEntries.id, ok.json().id));
    expect(row?.hours).toBe('2.25');
  });

  it('lists leads newest first, searches them and marks them handled', async () => {
    await t.app.db.insert(contactMessages).values({
      name: 'Ana Flores',
      email: 'ana@flores.example',
      message: 'Need 50% more wifi_coverage',
      createdAt: new Date(Date.now() - 60_000),
    });
    const [quote] = await t.app.db
      .insert(quoteRequests)
      .values({
        name: 'Ben Ng',
        email: 'ben@ng.example',
        service: 'Cybersecurity',
        details: 'Pen test for two offices',
      })
      .returning();
    const all = (await staff('GET', '/api/staff/leads')).json() as Array<{ name: string }>;
    expect(all.slice(0, 2).map((l) => l.name)).toEqual(['Ben Ng', 'Ana Flores']);
    const found = (await staff('GET', '/api/staff/leads?q=50%25%20MORE')).json();
    expect(found.map((l: { name: string }) => l.name)).toEqual(['Ana Flores']);
    const wildcard = (await staff('GET', '/api/staff/leads?q=_')).json();
    expect(wildcard.map((l: { name: string }) => l.name)).toEqual(['Ana Flores']);
    const done = await staff('PATCH', `/api/staff/leads/quote/${quote!.id}`, { status: 'done' });
    expect(done.json()).toEqual({ id: quote!.id, status: 'done' });
    const handled = (await staff('GET', '/api/staff/leads?status=done&kind=quote')).json();
    expect(handled.map((l: { name: string }) => l.name)).toEqual(['Ben Ng']);
    const wrongKind = await staff('PATCH', `/api/staff/leads/contact/${quote!.id}`, {
      status: 'done',
    });
    expect(wrongKind.statusCode).toBe(404);
  });
});
