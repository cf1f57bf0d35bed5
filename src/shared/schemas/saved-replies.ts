import { z } from 'zod';
import { requiredText } from './fields.ts';

/** Issue 17: the placeholders a saved reply may hold, filled in when an agent inserts it. */
export const savedReplyPlaceholders = {
  'customer.firstName': "The ticket author's first name",
  'customer.lastName': "The ticket author's last name",
  'company.name': "The ticket's company",
  'ticket.id': 'The ticket number, e.g. TK-1042',
  'ticket.subject': "The ticket's subject",
  'agent.firstName': 'Your first name',
} as const;
export type SavedReplyPlaceholder = keyof typeof savedReplyPlaceholders;
export type PlaceholderValues = Partial<Record<SavedReplyPlaceholder, string>>;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const isPlaceholder = (name: string): name is SavedReplyPlaceholder =>
  Object.hasOwn(savedReplyPlaceholders, name);

/** The placeholders a text names that do not exist (a typo would reach a customer as is). */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').filter((n) => !isPlaceholder(n));
}

/** The text with each known placeholder replaced; one without a value becomes empty. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    isPlaceholder(name) ? (values[name] ?? '') : whole,
  );
}

export const SAVED_REPLY_MAX = 5000;

export const savedReplyInputSchema = z
  .object({
    title: requiredText('Title is required', 100),
    body: requiredText('Reply text is required', SAVED_REPLY_MAX),
  })
  .superRefine((value, ctx) => {
    const unknown = unknownPlaceholders(value.body);
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['body'],
        message: `Unknown placeholder {{${unknown[0]}}}`,
      });
    }
  });
export type SavedReplyInput = z.input<typeof savedReplyInputSchema>;

export const savedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type SavedReply = z.infer<typeof savedReplySchema>;
