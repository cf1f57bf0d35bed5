import { z } from 'zod';
import { requiredText } from './fields.ts';

/** Why intake could not place a mail (the unmatched queue's reason column). */
export const unmatchedReasons = [
  'unknown-sender',
  'rate-limited',
  'too-large',
  'malformed-mime',
  'unknown-charset',
  'staff-without-ticket',
] as const;

/** Where an unmatched mail stands: waiting for an agent, placed on a ticket, or discarded. */
export const unmatchedStatuses = ['open', 'attached', 'discarded'] as const;

export const unmatchedMailSchema = z.object({
  id: z.string(),
  fromAddress: z.string(),
  fromName: z.string(),
  subject: z.string(),
  text: z.string(),
  reason: z.enum(unmatchedReasons),
  createdAt: z.string(),
});
export type UnmatchedMail = z.infer<typeof unmatchedMailSchema>;

/** Attach to a company: as one of its users, or as a new contact made from the sender. */
export const attachUnmatchedSchema = z.union([
  z.object({ customerId: z.uuid('Choose a company'), userId: z.uuid('Choose a contact') }),
  z.object({
    customerId: z.uuid('Choose a company'),
    newContact: z.object({
      firstName: requiredText('First name is required', 100),
      lastName: requiredText('Last name is required', 100),
    }),
  }),
]);
export type AttachUnmatched = z.infer<typeof attachUnmatchedSchema>;
