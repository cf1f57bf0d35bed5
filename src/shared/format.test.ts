import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatFileSize, formatProjectStart } from './format.ts';

describe('formatters', () => {
  it('formats USD the en-US way', () => {
    expect(formatCurrency(18640)).toBe('$18,640.00');
    expect(formatCurrency(0.5)).toBe('$0.50');
  });

  it('shows a calendar day as that day in any time zone', () => {
    expect(formatDate('2026-03-05')).toBe('Mar 5, 2026');
  });

  it('says a project starts on a day still ahead and started on today or before', () => {
    const now = new Date(2026, 10, 28, 23, 59);
    expect(formatProjectStart('2026-11-29', now)).toBe('Starts Nov 29, 2026');
    expect(formatProjectStart('2026-11-28', now)).toBe('Started Nov 28, 2026');
    expect(formatProjectStart('2025-12-31', now)).toBe('Started Dec 31, 2025');
  });

  it('uses base-1024 units with 2 decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(512)).toBe('512 Bytes');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.00 GB');
  });
});
