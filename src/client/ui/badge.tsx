import { cva, type VariantProps } from 'class-variance-authority';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

/** Each tone's text colour keeps at least 4.5:1 on its own background (tests/e2e/legibility). */
export const badgeVariants = cva(
  'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
  {
    variants: {
      tone: {
        gray: 'bg-slate-100 text-slate-800',
        blue: 'bg-blue-100 text-blue-800',
        green: 'bg-green-100 text-green-800',
        amber: 'bg-amber-100 text-amber-900',
        red: 'bg-red-100 text-red-800',
        purple: 'bg-purple-100 text-purple-800',
      },
    },
    defaultVariants: { tone: 'gray' },
  },
);
export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

export function Badge({
  tone,
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span data-slot="badge" className={cn(badgeVariants({ tone }), className)}>
      {children}
    </span>
  );
}
