import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';

// tailwind-merge's default configuration knows every Tailwind utility and weighs 8 KB gzipped:
// more than the public pages' JavaScript budget (100 KB, tests/e2e/public-weight.spec.ts) has
// left. This configuration (createTailwindMerge, the library's way to a smaller merge) knows the
// utilities our components set and override: colours of our palette (brand-* included), spacing,
// sizes, type, borders, radius, shadow, layout. A class it does not know is kept, never dropped.
// docs/decisions/019-status-badges-and-legibility-test.md; cn.test.ts proves the merges we rely on.
// Value tests of our own: the library's `validators` come as one object that drags all of them in.
const isNumber = (v: string) => /^\d+(\.\d+)?$/.test(v);
const isFraction = (v: string) => /^\d+\/\d+$/.test(v);
const isTshirtSize = (v: string) => /^(\d*xs|sm|md|lg|\d*xl)$/.test(v);
const isArbitraryValue = (v: string) => /^\[.+\]$/.test(v);

const palette =
  /^(white|black|transparent|current|inherit|(slate|blue|green|amber|red|purple|brand)-\d{2,3})(\/\d+)?$/;
const colour = [(v: string) => palette.test(v), isArbitraryValue];
const spacing = [isNumber, 'px', 'auto', isArbitraryValue];
const size = [
  isNumber,
  isFraction,
  'px',
  'auto',
  'full',
  'screen',
  'fit',
  'min',
  'max',
  isArbitraryValue,
];
const fontSize = ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl'];

const merge = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    display: [
      'block',
      'inline-block',
      'inline',
      'flex',
      'inline-flex',
      'grid',
      'contents',
      'hidden',
    ],
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    'flex-direction': [{ flex: ['row', 'col', 'row-reverse', 'col-reverse'] }],
    'justify-content': [{ justify: ['start', 'end', 'center', 'between', 'around'] }],
    'align-items': [{ items: ['start', 'end', 'center', 'baseline', 'stretch'] }],
    gap: [{ gap: spacing }],
    p: [{ p: spacing }],
    px: [{ px: spacing }],
    py: [{ py: spacing }],
    pt: [{ pt: spacing }],
    pr: [{ pr: spacing }],
    pb: [{ pb: spacing }],
    pl: [{ pl: spacing }],
    m: [{ m: spacing }],
    mx: [{ mx: spacing }],
    my: [{ my: spacing }],
    mt: [{ mt: spacing }],
    mr: [{ mr: spacing }],
    mb: [{ mb: spacing }],
    ml: [{ ml: spacing }],
    w: [{ w: size }],
    h: [{ h: size }],
    'min-w': [{ 'min-w': size }],
    'max-w': [{ 'max-w': [isTshirtSize, 'none', 'full', 'prose', 'screen', isArbitraryValue] }],
    'font-size': [{ text: fontSize }],
    'font-weight': [{ font: ['normal', 'medium', 'semibold', 'bold'] }],
    'text-color': [{ text: colour }],
    'bg-color': [{ bg: colour }],
    'border-w': [{ border: ['', isNumber] }],
    'border-color': [{ border: colour }],
    rounded: [{ rounded: ['', 'none', isTshirtSize, 'full'] }],
    shadow: [{ shadow: ['', 'none', isTshirtSize] }],
    opacity: [{ opacity: [isNumber] }],
    overflow: [{ overflow: ['auto', 'hidden', 'visible', 'scroll', 'clip'] }],
  },
  conflictingClassGroups: {
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl'],
    py: ['pt', 'pb'],
    m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
    mx: ['mr', 'ml'],
    my: ['mt', 'mb'],
  },
  conflictingClassGroupModifiers: {},
  orderSensitiveModifiers: [],
}));

/**
 * Joins class names (clsx: strings, conditionals, arrays) and lets a later Tailwind utility
 * replace an earlier one of the same kind, so a `className` override wins over a variant's
 * colours instead of leaving both to the stylesheet's order.
 */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
