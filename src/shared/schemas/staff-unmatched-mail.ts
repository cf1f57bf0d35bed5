import { z } from 'zod';
import { requiredText } from './fields.ts';
import { pageQuerySchema } from './paging.ts';

/** Why intake could not place a mail (the unmatched queue's reason column). */
export const unmatchedReasons = [
  'unknown-sender',
  'rate-limited',
  'too-large',
  'malformed-mime',
  'unknown-charset',
  'staff-without-ticket',
  'no-active-company',
  'staff-unverified',
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

/** The open queue's page (issue 20): `limit`, `cursor`, `q` on sender and subject, `reason`. */
export const unmatchedMailQuerySchema = pageQuerySchema({ reason: unmatchedReasons });

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

/** What the queue's reason column says to an agent. */
export const unmatchedReasonLabels: Record<(typeof unmatchedReasons)[number], string> = {
  'unknown-sender': 'Unknown sender',
  'rate-limited': 'Over 20 new tickets an hour',
  'too-large': 'Larger than 25 MB',
  'malformed-mime': 'Malformed message',
  'unknown-charset': 'Unknown character set',
  'staff-without-ticket': 'Staff mail without a ticket',
  'no-active-company': 'Member of no active company',
  'staff-unverified': 'Staff address, not proven to be staff',
};

/**
 * The staff screen's attach form: one flat set of fields (a select says which of the two
 * ways), turned into the API's body. Only the fields of the chosen way are checked.
 */
export const attachUnmatchedFormSchema = z
  .object({
    customerId: z.string().min(1, 'Choose a company'),
    as: z.enum(['user', 'contact']),
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.as === 'user' && !v.userId) {
      ctx.addIssue({ code: 'custom', path: ['userId'], message: 'Choose a contact' });
    }
    if (v.as === 'contact') {
      if (!v.firstName.trim()) {
        ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'First name is required' });
      }
      if (!v.lastName.trim()) {
        ctx.addIssue({ code: 'custom', path: ['lastName'], message: 'Last name is required' });
      }
    }
  })
  .transform((v): AttachUnmatched =>
    v.as === 'user'
      ? { customerId: v.customerId, userId: v.userId }
      : {
          customerId: v.customerId,
          newContact: { firstName: v.firstName.trim(), lastName: v.lastName.trim() },
        },
  );
export type AttachUnmatchedForm = z.input<typeof attachUnmatchedFormSchema>;
