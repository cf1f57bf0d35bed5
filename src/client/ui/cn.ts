import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (clsx: strings, conditionals, arrays) and lets a later Tailwind utility
 * replace an earlier one of the same kind (tailwind-merge), so a `className` override wins
 * over a variant's colours instead of leaving both to the stylesheet's order. Our theme adds
 * only colours (`brand-*`), which tailwind-merge's default config already accepts as colour
 * names: cn.test.ts proves the merges we rely on.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
