// The help desk's assignment rule (issue 38, ADR 063): staff choose it (audited), and opening a
// ticket applies it, whichever door opened the ticket (open-ticket.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { assignmentSettings, staffAvailability, tickets, users } from '../../db/schema.ts';
import type { AssignmentRule, AssignmentRuleSetting } from '../../../shared/schemas/assignment.ts';
import { staffAreas } from '../../../shared/staff-permissions.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { assignTicket } from './ticket-assignment.ts';

export async function readAssignmentRule(db: Db | Tx): Promise<AssignmentRuleSetting> {
  const [row] = await db.select({ rule: assignmentSettings.rule }).from(assignmentSettings);
  return { rule: row?.rule ?? 'manual' };
}

export async function changeAssignmentRule(
  tx: Tx,
  actor: Actor,
  { rule }: AssignmentRuleSetting,
): Promise<AssignmentRuleSetting> {
  const before = await readAssignmentRule(tx);
  await tx
    .insert(assignmentSettings)
    .values({ rule })
    .onConflictDoUpdate({ target: assignmentSettings.id, set: { rule, updatedAt: sql`now()` } });
  await recordAudit(tx, actor, {
    action: 'assignment_rule.update',
    entityType: 'assignment_rule',
    entityId: null,
    customerId: null,
    details: { rule, previousRule: before.rule },
  });
  return { rule };
}

/**
 * Every active staff member whose role works tickets (ADR 058: the help desk's writers) and who
 * has not marked themselves away.
 */
const availableAgent = and(
  eq(users.role, 'staff'),
  eq(users.active, true),
  inArray(users.staffRole, [...staffAreas.helpdesk.write]),
  sql`coalesce(${staffAvailability.available}, true)`,
);

/**
 * The next agent under `rule`: the ring of agents by id, starting after the last one given a
 * ticket (round robin); least open orders by open and pending tickets first, the ring breaking
 * ties, so equally loaded agents take turns too.
 */
async function chooseAgent(
  tx: Tx,
  rule: Exclude<AssignmentRule, 'manual'>,
  lastAssigneeId: string | null,
): Promise<string | undefined> {
  const load = sql`(select count(*) from ${tickets}
    where ${tickets.assignedToUserId} = ${users.id} and ${tickets.status} <> 'closed')`;
  // False (first) for the agents after the last one in id order, true for the rest.
  const ring = lastAssigneeId ? [sql`${users.id} <= ${lastAssigneeId}`] : [];
  const [agent] = await tx
    .select({ id: users.id })
    .from(users)
    .leftJoin(staffAvailability, eq(staffAvailability.userId, users.id))
    .where(availableAgent)
    .orderBy(...(rule === 'least-open' ? [load] : []), ...ring, users.id)
    .limit(1);
  return agent?.id;
}

/**
 * Gives a just-opened ticket to an agent by the rule, as a manual assignment would (activity
 * line). The rule's row stays locked until the opening commits: concurrent opens on any app
 * server wait for it and read the turn and the loads the previous one left, so none picks by a
 * stale read. With nobody available, or the rule manual, the ticket stays unassigned.
 */
export async function assignOnOpen(
  tx: Tx,
  { ticketId, customerId }: { ticketId: string; customerId: string },
): Promise<void> {
  const [settings] = await tx
    .select({ rule: assignmentSettings.rule, lastAssigneeId: assignmentSettings.lastAssigneeId })
    .from(assignmentSettings)
    .for('update');
  if (!settings || settings.rule === 'manual') return;
  const assigneeId = await chooseAgent(tx, settings.rule, settings.lastAssigneeId);
  if (!assigneeId) return;
  await assignTicket(tx, { ticketId, customerId, assigneeId });
  await tx.update(assignmentSettings).set({ lastAssigneeId: assigneeId });
}
