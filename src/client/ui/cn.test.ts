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

describe('cn on the utilities our components override', () => {
  it('merges spacing by side, sizes, display and radius', () => {
    expect(cn('p-6 px-4', 'p-2')).toBe('p-2');
    expect(cn('px-4 py-2', 'pl-9')).toBe('px-4 py-2 pl-9');
    expect(cn('h-8 w-8 hidden', 'sm:block h-6')).toBe('w-8 hidden sm:block h-6');
    expect(cn('rounded-md', 'rounded-full')).toBe('rounded-full');
    expect(cn('max-w-lg', 'max-w-[56rem]')).toBe('max-w-[56rem]');
  });

  it('keeps what it does not know, and modifiers apart', () => {
    expect(cn('animate-pulse whitespace-nowrap', 'capitalize')).toBe(
      'animate-pulse whitespace-nowrap capitalize',
    );
    expect(cn('hover:bg-brand-700 bg-brand-600', 'hover:bg-blue-50 bg-white')).toBe(
      'hover:bg-blue-50 bg-white',
    );
    expect(cn('border-slate-300', 'border-white/40')).toBe('border-white/40');
  });
});
