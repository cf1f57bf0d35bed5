import { z } from 'zod';

/**
 * How a new ticket finds its agent (issue 38, ADR 063): nobody until someone assigns it, the
 * next available agent in turn, or the available agent with the fewest open and pending tickets.
 */
export const assignmentRules = ['manual', 'round-robin', 'least-open'] as const;
export type AssignmentRule = (typeof assignmentRules)[number];

export const assignmentRuleLabels: Record<AssignmentRule, string> = {
  manual: 'Manual',
  'round-robin': 'Round Robin',
  'least-open': 'Fewest Open Tickets',
};

export const assignmentRuleSchema = z.object({
  rule: z.enum(assignmentRules, { message: 'Rule must be manual, round-robin or least-open' }),
});
export type AssignmentRuleSetting = z.infer<typeof assignmentRuleSchema>;

/** An agent's own availability: only available agents are given new tickets by a rule. */
export const availabilitySchema = z.object({
  available: z.boolean({ message: 'Available must be true or false' }),
});
export type Availability = z.infer<typeof availabilitySchema>;
