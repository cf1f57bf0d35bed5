import { describe, expect, it } from 'vitest';
import { statusKinds, statusLabel, statusOf, statusOptions } from './status-labels.ts';

describe('status labels', () => {
  it('label every value of every kind, in the words of the filters', () => {
    for (const { values, map } of Object.values(statusKinds)) {
      expect(Object.keys(map).sort()).toEqual([...values].sort());
    }
    expect(statusLabel('invoice', 'paid')).toBe('Paid');
    expect(statusLabel('priority', 'high')).toBe('High');
    expect(statusLabel('project', 'in-progress')).toBe('In Progress');
  });

  it('show a pending milestone as Scheduled, in the colour of a scheduled project (spec section 4)', () => {
    expect(statusOf('milestone', 'pending')).toEqual({ label: 'Scheduled', tone: 'purple' });
    expect(statusOf('project', 'scheduled')).toEqual({ label: 'Scheduled', tone: 'purple' });
  });

  it('build filter options in order, headed by All when asked', () => {
    expect(statusOptions('ticketStatus', 'All')).toEqual([
      { value: 'all', label: 'All' },
      { value: 'open', label: 'Open' },
      { value: 'pending', label: 'Pending' },
      { value: 'closed', label: 'Closed' },
    ]);
    expect(statusOptions('priority').map((o) => o.label)).toEqual(['High', 'Normal', 'Low']);
  });
});
