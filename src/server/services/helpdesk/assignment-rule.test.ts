import { and, count, eq, inArray, like, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  auditLog,
  intakeMessages,
  staffAvailability,
  tickets,
  unmatchedMails,
  users,
} from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import type { AssignmentRule } from '../../../shared/schemas/assignment.ts';
import type { StaffMember } from '../../../shared/schemas/staff-customers.ts';
import type { Actor } from '../actor.ts';
import { ingestMessage } from '../intake/ingest.ts';
import { assignOnOpen } from './assignment-rule.ts';
import { openTicket } from './open-ticket.ts';

describe('assignment rules and availability (ADR 063)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let agents: string[];
  let jordan: Actor;

  beforeAll(async () => {
    const made = await t.app.db
      .insert(users)
      .values(
        ['Ada', 'Ben', 'Cleo', 'Dev'].map((firstName) => ({
          email: `${firstName.toLowerCase()}.agent@example.com`,
          firstName,
          lastName: 'Agent',
          role: 'staff' as const,
          staffRole: 'agent' as const,
        })),
      )
      .returning({ id: users.id });
    agents = made.map((r) => r.id).sort();
    const [row] = await t.app.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, DEMO_USERS.acme));
    jordan = { id: row!.id, email: row!.email, name: 'Jordan Lee' };
  });

  const setRule = async (rule: AssignmentRule) => {
    const res = await t.request('PUT', '/api/staff/assignment-rule', { rule });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Only these staff users are available; every other one is marked away. */
  const onlyAvailable = async (ids: string[]) => {
    const staff = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'staff'));
    for (const { id } of staff) {
      const available = ids.includes(id);
      await t.app.db
        .insert(staffAvailability)
        .values({ userId: id, available })
        .onConflictDoUpdate({ target: staffAvailability.userId, set: { available } });
    }
  };
  const open = (subject = 'Assignment probe') =>
    t.app.write((tx) =>
      openTicket(tx, t.config, jordan, {
        customerId: ctx.acmeId,
        input: {
          subject,
          description: 'The printer is on fire',
          priority: 'normal',
          category: 'Hardware',
          department: 'IT Support',
          private: false,
        },
      }),
    );
  const assigneeOf = async (id: string) => {
    const [row] = await t.app.db
      .select({ assignee: tickets.assignedToUserId })
      .from(tickets)
      .where(eq(tickets.id, id));
    return row!.assignee;
  };
  const tally = async (ids: string[]) => {
    const rows = await t.app.db
      .select({ assignee: tickets.assignedToUserId, n: count() })
      .from(tickets)
      .where(inArray(tickets.id, ids))
      .groupBy(tickets.assignedToUserId);
    return Object.fromEntries(rows.map((r) => [r.assignee ?? 'nobody', r.n]));
  };
  /** Closes every ticket, so earlier tests' loads do not weigh on the next. */
  const closeAll = () => t.app.db.update(tickets).set({ status: 'closed' });

  it('opens tickets unassigned under the manual rule, the default', async () => {
    expect((await t.request('GET', '/api/staff/assignment-rule')).json()).toEqual({
      rule: 'manual',
    });
    expect(await assigneeOf(await open())).toBeNull();
  });

  it('changes the rule with an audit row, and refuses an unknown rule with a 400', async () => {
    await setRule('round-robin');
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'assignment_rule.update'));
    expect(row?.details).toEqual({ rule: 'round-robin', previousRule: 'manual' });
    const bad = await t.request('PUT', '/api/staff/assignment-rule', { rule: 'random' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Rule must be manual, round-robin or least-open' });
    const customer = await t.request(
      'PUT',
      '/api/staff/assignment-rule',
      { rule: 'manual' },
      ctx.customerCookie,
    );
    expect(customer.statusCode).toBe(403);
    expect((await t.request('GET', '/api/staff/assignment-rule')).json()).toEqual({
      rule: 'round-robin',
    });
  });

  it('deals 1,000 tickets in turn among the available agents, 1000/k ± 1 each, skipping the away', async () => {
    await setRule('round-robin');
    const k = agents.slice(0, 3);
    await onlyAvailable(k);
    // The rule's step of the opening command, on 1,000 new rows (the whole command is slow
    // enough at 1,000 to crowd the suite; the doors' test below runs it whole).
    const made = await t.app.db
      .insert(tickets)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          customerId: ctx.acmeId,
          subject: `Round ${i}`,
          description: 'Printer',
          priority: 'normal' as const,
          category: 'Hardware' as const,
          department: 'IT Support' as const,
          status: 'open' as const,
          createdByUserId: jordan.id,
        })),
      )
      .returning({ id: tickets.id });
    const ids = made.map((r) => r.id);
    for (const ticketId of ids)
      await t.app.write((tx) => assignOnOpen(tx, { ticketId, customerId: ctx.acmeId }));
    const counts = await tally(ids);
    expect(Object.keys(counts).sort()).toEqual([...k].sort());
    for (const id of k) expect(Math.abs(counts[id]! - 1000 / 3)).toBeLessThanOrEqual(1);
    // One ring in a fixed order: nobody gets two in a row.
    const order = await Promise.all(ids.slice(0, 6).map(assigneeOf));
    expect(new Set(order.slice(0, 3)).size).toBe(3);
    expect(order.slice(3)).toEqual(order.slice(0, 3));
  }, 240_000);

  it('assigns as a manual assignment does: the activity line names the agent', async () => {
    await setRule('least-open');
    await onlyAvailable([agents[3]!]);
    const id = await open('Activity probe');
    expect(await assigneeOf(id)).toBe(agents[3]);
    const lines = await t.app.db
      .select({ title: activities.title })
      .from(activities)
      .where(like(activities.title, `Ticket ${id} assigned to%`));
    const [agent] = await t.app.db
      .select({ firstName: users.firstName })
      .from(users)
      .where(eq(users.id, agents[3]!));
    expect(lines).toEqual([{ title: `Ticket ${id} assigned to ${agent!.firstName} Agent` }]);
  });

  it('stays fair when tickets are opened concurrently (one server or several)', async () => {
    /** Rounds of 9 opens at once: as many as the pool's connections, so each waits on the rule's lock. */
    const burst = async (prefix: string) => {
      const ids: string[] = [];
      for (let round = 0; round < 3; round++)
        ids.push(
          ...(await Promise.all(
            Array.from({ length: 9 }, (_, i) => open(`${prefix} ${round}.${i}`)),
          )),
        );
      return ids;
    };
    await setRule('round-robin');
    await onlyAvailable(agents.slice(0, 3));
    expect(Object.values(await tally(await burst('Concurrent'))).sort()).toEqual([9, 9, 9]);
    await setRule('least-open');
    await closeAll();
    expect(Object.values(await tally(await burst('Least'))).sort()).toEqual([9, 9, 9]);
  }, 120_000);

  it('gives the least loaded available agent the ticket, counting open and pending only', async () => {
    await setRule('least-open');
    await closeAll();
    const [a, b, c] = agents as [string, string, string];
    await onlyAvailable([a, b, c]);
    const load = async (agent: string, status: 'open' | 'pending' | 'closed', n: number) => {
      for (let i = 0; i < n; i++) {
        const id = await open(`Load ${status}`);
        await t.app.db
          .update(tickets)
          .set({ assignedToUserId: agent, status })
          .where(eq(tickets.id, id));
      }
    };
    await load(a, 'open', 2);
    await load(b, 'pending', 1);
    await load(b, 'closed', 5);
    await load(c, 'open', 1);
    await load(c, 'pending', 2);
    // a 2, b 1 (closed ones do not count), c 3
    expect(await assigneeOf(await open())).toBe(b);
    // a 2, b 2: the tie goes on in turn from b, so a
    expect(await assigneeOf(await open())).toBe(a);
    expect(await assigneeOf(await open())).toBe(b);
    // a 3, b 3, c 3 with b away: c is next in turn after b, then a has the fewer.
    await onlyAvailable([a, c]);
    expect(await assigneeOf(await open())).toBe(c);
    expect(await assigneeOf(await open())).toBe(a);
  });

  it('opens unassigned when nobody is available, and never gives a ticket to a deactivated agent', async () => {
    await setRule('round-robin');
    await onlyAvailable([]);
    expect(await assigneeOf(await open())).toBeNull();
    await onlyAvailable([agents[0]!]);
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, agents[0]!));
    expect(await assigneeOf(await open())).toBeNull();
    await t.app.db.update(users).set({ active: true }).where(eq(users.id, agents[0]!));
  });

  it('applies the rule at every door: portal, mail intake, unmatched mail placed by an agent', async () => {
    await setRule('round-robin');
    await onlyAvailable([agents[1]!]);
    const portal = await t.request(
      'POST',
      `/api/customers/${ctx.acmeId}/tickets`,
      {
        subject: 'From the portal',
        description: 'Printer',
        category: 'Hardware',
        department: 'IT Support',
      },
      ctx.customerCookie,
    );
    expect(portal.statusCode, portal.body).toBe(201);
    expect(await assigneeOf((portal.json() as { id: string }).id.toUpperCase())).toBe(agents[1]);

    const raw = [
      `From: Jordan Lee <${DEMO_USERS.acme}>`,
      'To: support@meridian.test',
      'Subject: From the mailbox',
      `Message-ID: <assignment-${Date.now()}@client.example>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'The scanner too.',
      '',
    ].join('\r\n');
    const deps = {
      db: t.app.db,
      storage: t.app.storage,
      config: t.config,
      write: t.app.write.bind(t.app),
    };
    const mailed = await ingestMessage(deps, Buffer.from(raw));
    expect(mailed.outcome).toBe('ticket');
    expect(await assigneeOf('ticketId' in mailed ? mailed.ticketId : '')).toBe(agents[1]);

    const messageId = `<placed-${Date.now()}@example.net>`;
    await t.app.db.insert(intakeMessages).values({
      messageId,
      fromAddress: 'stranger@example.net',
      outcome: 'unmatched',
      reason: 'unknown-sender',
      emlKey: `mail/${messageId}.eml`,
    });
    const [mail] = await t.app.db
      .insert(unmatchedMails)
      .values({
        messageId,
        fromAddress: 'stranger@example.net',
        fromName: 'Sam Stranger',
        subject: 'Placed by an agent',
        text: 'The printer jams.',
        reason: 'unknown-sender',
      })
      .returning();
    const placed = await t.request('POST', `/api/staff/unmatched-mail/${mail!.id}/attach`, {
      customerId: ctx.acmeId,
      newContact: { firstName: 'Sam', lastName: 'Stranger' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await assigneeOf((placed.json() as { ticketId: string }).ticketId)).toBe(agents[1]);
  });

  it('lets an agent mark only themselves away and back, audited, shown on the staff list', async () => {
    await t.app.db.delete(staffAvailability);
    const me = async () => (await t.request('GET', '/api/staff/me/availability')).json();
    expect(await me()).toEqual({ available: true });
    // A colleague's id in the body changes nothing but the caller's own row.
    const res = await t.request('PUT', '/api/staff/me/availability', {
      available: false,
      userId: agents[0],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await me()).toEqual({ available: false });
    const list = (await t.request('GET', '/api/staff/staff-members')).json() as StaffMember[];
    expect(list.find((m) => m.id === agents[0])?.available).toBe(true);
    expect(list.filter((m) => !m.available).map((m) => m.email)).toEqual(['support@example.com']);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'staff.availability'));
    expect(audit).toMatchObject({ actorName: 'Morgan Hayes', details: { available: false } });

    const bad = await t.request('PUT', '/api/staff/me/availability', { available: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Available must be true or false' });
    const customer = await t.request(
      'PUT',
      '/api/staff/me/availability',
      { available: true },
      ctx.customerCookie,
    );
    expect(customer.statusCode).toBe(403);
    expect(await me()).toEqual({ available: false });
    const [others] = await t.app.db
      .select({ n: count() })
      .from(staffAvailability)
      .where(and(ne(staffAvailability.available, true)));
    expect(others!.n).toBe(1);
  });
});
