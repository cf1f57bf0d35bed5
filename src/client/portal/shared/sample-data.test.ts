import { describe, expect, it } from 'vitest';
import type { CompanyRole } from '../../../shared/permissions.ts';
import { sampleActivitiesOn, sampleDashboardTicketsOn } from './sample-dashboard.ts';
import { sampleDocumentsOn } from './sample-documents.ts';
import { sampleTicketsOn } from './sample-tickets.ts';
import { sampleInvoicesOn } from './sample-invoices.ts';
import { sampleProjectsOn } from './sample-projects.ts';

// Two days far apart: the samples must read the same story on either (review V8, ADR 053).
const days = [new Date('2026-11-28T08:00:00.000Z'), new Date('2031-03-01T23:30:00.000Z')];
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const daysBefore = (d: Date, n: number) => new Date(d.getTime() - n * 86_400_000);

describe.each(days)('the sample rows shown on %s', (today) => {
  const now = today.toISOString();

  it('invoices: the pending one is not due yet, the overdue one is, all issued before today', () => {
    const invoices = sampleInvoicesOn(today);
    for (const i of invoices) expect(i.issueDate < dayOf(today)).toBe(true);
    for (const i of invoices.filter((x) => x.status === 'pending')) {
      expect(i.dueDate >= dayOf(today)).toBe(true);
    }
    for (const i of invoices.filter((x) => x.status !== 'pending')) {
      expect(i.dueDate < dayOf(today)).toBe(true);
    }
  });

  it('tickets: open and pending ones are from the last month, nothing is in the future', () => {
    const monthAgo = daysBefore(today, 31).toISOString();
    for (const t of sampleTicketsOn(today)) {
      const times = [t.createdAt, t.updatedAt, ...t.replies.map((r) => r.createdAt)];
      for (const at of times) expect(at < now).toBe(true);
      if (t.status !== 'closed') expect(t.createdAt > monthAgo).toBe(true);
    }
  });

  it('projects: the running one spans today, the scheduled one starts later, milestones agree', () => {
    const byStatus = Object.fromEntries(sampleProjectsOn(today).map((p) => [p.status, p]));
    const running = byStatus['in-progress']!;
    expect(running.startDate < dayOf(today)).toBe(true);
    expect(running.estimatedCompletion! > dayOf(today)).toBe(true);
    for (const m of running.milestones) {
      if (m.completedDate) expect(m.completedDate < dayOf(today)).toBe(true);
      else expect(m.dueDate > dayOf(today)).toBe(true);
    }
    expect(byStatus.completed!.endDate! < dayOf(today)).toBe(true);
    expect(byStatus.scheduled!.startDate > dayOf(today)).toBe(true);
  });

  it('documents and activity are past; activity is newest first, as the real list', () => {
    for (const d of sampleDocumentsOn(today)) expect(d.uploadedAt < now).toBe(true);
    const activity = sampleActivitiesOn(today, 'admin').map((a) => a.createdAt);
    for (const at of activity) expect(at < now).toBe(true);
    expect(activity).toEqual(activity.toSorted().reverse());
  });

  it('a role sees only the sample activity it would see of real ones (looked at 2026-11-28)', () => {
    const titles = (role: CompanyRole) => sampleActivitiesOn(today, role).map((a) => a.title);
    expect(titles('admin')).toHaveLength(3);
    expect(titles('billing')).toEqual(['Payment received for INV-SAMPLE-002']);
    expect(titles('technical')).toEqual([
      'Document added: Network Assessment Report',
      'Milestone reached: Site survey',
    ]);
    expect(titles('member')).toEqual([]);
  });

  it("the dashboard's sample tickets are the tickets screen's two newest", () => {
    const tickets = sampleTicketsOn(today);
    expect(sampleDashboardTicketsOn(today)).toEqual(
      tickets.slice(0, 2).map(({ id, subject, priority, status, createdAt }) => ({
        id,
        subject,
        priority,
        status,
        createdAt,
      })),
    );
    expect(tickets.map((t) => t.createdAt)).toEqual(
      tickets
        .map((t) => t.createdAt)
        .toSorted()
        .reverse(),
    );
  });
});
