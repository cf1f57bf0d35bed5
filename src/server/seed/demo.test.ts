// The demo's records agree with each other (looked at 2026-11-28: the activity feed named a
// milestone reached a month after its completed date, a document and a ticket on other days,
// and a milestone fell due after its project's estimated completion).
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../shared/schemas/dashboard.ts';
import type { PortalDocument as Document } from '../../shared/schemas/documents.ts';
import type { Project } from '../../shared/schemas/projects.ts';
import type { Ticket } from '../../shared/schemas/tickets.ts';
import { portalApiFixture } from '../test/portal-api-fixture.ts';
import { DEMO_USERS } from './demo.ts';

const day = (at: string) => at.slice(0, 10);

describe('the demo data', () => {
  const t = portalApiFixture();

  for (const [company, email] of [
    ['Acme Logistics', DEMO_USERS.acme],
    ['Globex Retail', DEMO_USERS.globex],
  ] as const) {
    it(`${company}: the activity feed dates what it names on that record's day`, async () => {
      const { body: feed } = await t.list<Activity[]>('activities', company, email);
      const { body: projects } = await t.list<Project[]>('projects', company, email);
      const { body: documents } = await t.list<Document[]>('documents', company, email);
      const { body: tickets } = await t.list<Ticket[]>('tickets', company, email);
      const entry = (prefix: string) => feed.find((a) => a.title.startsWith(prefix))!;

      const milestone = entry('Milestone reached: ');
      const reached = projects
        .flatMap((p) => p.milestones)
        .find((m) => `Milestone reached: ${m.title}` === milestone.title);
      expect(day(milestone.createdAt)).toBe(reached?.completedDate);

      const added = entry('Document added: ');
      const document = documents.find(
        (d) => `Document added: ${d.name.replace(/\.\w+$/, '')}` === added.title,
      );
      expect(day(added.createdAt)).toBe(day(document!.uploadedAt));

      const updated = entry('Ticket updated: ');
      const ticket = tickets.find((tk) => `Ticket updated: ${tk.subject}` === updated.title);
      expect(day(updated.createdAt)).toBe(day(ticket!.updatedAt));
    });

    it(`${company}: an open milestone falls due by its project's estimated completion`, async () => {
      const { body: projects } = await t.list<Project[]>('projects', company, email);
      for (const p of projects.filter((p) => p.status !== 'completed' && p.estimatedCompletion)) {
        for (const m of p.milestones.filter((m) => m.status !== 'completed')) {
          expect(m.dueDate <= p.estimatedCompletion!, `${p.name} › ${m.title}`).toBe(true);
        }
      }
    });
  }
});
