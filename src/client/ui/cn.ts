import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (clsx: strings, conditionals, arrays) and lets a later Tailwind utility
 * replace an earlier one of the same kind, so a `className` override wins over a variant's
 * colours instead of leaving both to the stylesheet's order. tailwind-merge's default
 * configuration: public pages load it only with an island (docs/decisions/024-public-islands.md).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
