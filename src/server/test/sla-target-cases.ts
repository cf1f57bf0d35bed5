/**
 * Own SLA targets that are refused (400) with a message containing the second item, alike for
 * a company's (ADR 064) and an agreement's (ADR 073): one schema, one list of bad cases.
 */
export const badOwnTargets: readonly [object[], string][] = [
  [
    [
      { priority: 'high', firstResponseMinutes: 30, resolutionMinutes: 120 },
      { priority: 'high', firstResponseMinutes: 30, resolutionMinutes: 120 },
    ],
    'Give each priority once',
  ],
  [
    [{ priority: 'high', firstResponseMinutes: 300, resolutionMinutes: 120 }],
    'A first response target cannot be longer than its resolution target',
  ],
  [[{ priority: 'urgent', firstResponseMinutes: 3, resolutionMinutes: 9 }], 'Priority must be'],
  [[{ priority: 'low', firstResponseMinutes: 0.5, resolutionMinutes: 9 }], 'whole number'],
  [[{ priority: 'low', firstResponseMinutes: 0, resolutionMinutes: 9 }], 'at least 1 minute'],
  [
    [{ priority: 'low', firstResponseMinutes: 30, resolutionMinutes: 60_001 }],
    'at most 1000 hours',
  ],
];
