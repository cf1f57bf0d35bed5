import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('lets an override replace the conflicting utilities, theme colours included', () => {
    expect(cn('bg-brand-600 text-white hover:bg-brand-700', 'bg-white text-brand-900')).toBe(
      'hover:bg-brand-700 bg-white text-brand-900',
    );
    expect(
      cn('border border-slate-300 bg-white text-slate-900', 'border-white bg-transparent'),
    ).toBe('border text-slate-900 border-white bg-transparent');
    expect(cn('max-w-lg p-6', 'max-w-2xl')).toBe('p-6 max-w-2xl');
  });

  it('keeps a font size and a text colour apart', () => {
    expect(cn('text-sm text-slate-900', 'text-brand-700')).toBe('text-sm text-brand-700');
  });

  it('skips falsy values and takes conditionals', () => {
    expect(cn('a', false, null, undefined, { b: true, c: false }, ['d'])).toBe('a b d');
  });
});
