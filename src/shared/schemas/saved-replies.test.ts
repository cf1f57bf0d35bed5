import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fillPlaceholders,
  savedReplyInputSchema,
  savedReplyPlaceholders,
  unknownPlaceholders,
} from './saved-replies.ts';

describe('saved reply placeholders', () => {
  it('fills each known placeholder, with or without spaces inside the braces', () => {
    const text =
      'Hi {{customer.firstName}}, {{ ticket.id }} ({{ticket.subject}}) is fixed. {{agent.firstName}}';
    expect(
      fillPlaceholders(text, {
        'customer.firstName': 'Jordan',
        'ticket.id': 'TK-1042',
        'ticket.subject': 'Printer jam',
        'agent.firstName': 'Morgan',
      }),
    ).toBe('Hi Jordan, TK-1042 (Printer jam) is fixed. Morgan');
  });

  it('leaves an unknown placeholder as written, and empties a known one without a value', () => {
    expect(fillPlaceholders('{{customer.age}} {{company.name}}!', {})).toBe('{{customer.age}} !');
  });

  it('never changes a text without placeholders, whatever values are given', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('{{')),
        fc.string(),
        (text, value) => fillPlaceholders(text, { 'ticket.id': value }) === text,
      ),
    );
  });

  it('does not expand placeholders inside the values it puts in', () => {
    expect(
      fillPlaceholders('{{ticket.subject}}', { 'ticket.subject': '{{agent.firstName}}' }),
    ).toBe('{{agent.firstName}}');
  });

  it('refuses to save a reply naming a placeholder that does not exist', () => {
    expect(unknownPlaceholders('Hi {{customer.firstname}} and {{ticket.id}}')).toEqual([
      'customer.firstname',
    ]);
    const parsed = savedReplyInputSchema.safeParse({ title: 'Hi', body: 'Hi {{name}}' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Unknown placeholder {{name}}');
    const all = Object.keys(savedReplyPlaceholders)
      .map((p) => `{{${p}}}`)
      .join(' ');
    expect(savedReplyInputSchema.safeParse({ title: 'All', body: all }).success).toBe(true);
  });
});
