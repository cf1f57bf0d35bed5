// Quotes signed online (issue 40 item 4, ADR 072): staff build a quote from invoice lines (the
// same integers and rounding, ADR 066), send it to a company user, and the customer accepts it
// with a typed name and a signature, or declines it with a reason.
import { z } from 'zod';
import { agreementInputSchema, agreementTermsSchema } from './agreements.ts';
import { optionalText, requiredText } from './fields.ts';
import { invoiceLineInputSchema, invoiceLineSchema, percent } from './invoice-documents.ts';
import { dateField } from './staff-fields.ts';
import { quoteStatuses, type QuoteState, type QuoteStatus } from '../quote-status.ts';

export {
  quoteStates,
  quoteStatusLabels,
  quoteStatuses,
  type QuoteState,
  type QuoteStatus,
} from '../quote-status.ts';

export const QUOTE_CHANGED = 'This quote has changed since you opened it. Please review it again.';
export const QUOTE_EXPIRED = 'This quote has expired';
export const QUOTE_NOT_OPEN = 'This quote is no longer open';
export const QUOTE_NOT_FOUND = 'Quote not found';
/** The proposed agreement no longer reads as one (the agreements' rules changed since). */
export const QUOTE_PLAN_INVALID =
  'The agreement this quote proposes is no longer valid: staff must reopen and correct it';
export const SIGNATURE_NAME_REQUIRED = 'Type your full name to sign';
export const SIGNATURE_NOT_PNG = 'The signature must be a PNG image';
export const SIGNATURE_TOO_LARGE = 'The signature image is too large';
export const SIGNATURE_REQUIRED = 'Draw your signature or choose a typed one';
/** A drawn signature's PNG, decoded: a pad's 1000 × 400 image of strokes is far smaller. */
export const SIGNATURE_MAX_BYTES = 200_000;

/** A quote is open until the end of its last valid day anywhere on Earth (UTC−12). */
export function quoteExpired(validUntil: string, now = new Date()): boolean {
  const endOfDayAnywhere = Date.parse(`${validUntil}T00:00:00Z`) + 36 * 3_600_000;
  return now.getTime() >= endOfDayAnywhere;
}

export function quoteStatus(state: QuoteState, validUntil: string, now = new Date()): QuoteStatus {
  return state === 'sent' && quoteExpired(validUntil, now) ? 'expired' : state;
}

/** What staff send to create or change a draft quote. */
export const quoteInputSchema = z.object({
  title: requiredText('Title is required', 200),
  /** When given, it must be the company's currency (as for an invoice draft). */
  currency: z.string().trim().toUpperCase().optional(),
  discount: percent('Discount').default(0),
  lines: z
    .array(invoiceLineInputSchema, { message: 'Lines are required' })
    .min(1, 'A quote needs at least one line')
    .max(200, 'A quote has at most 200 lines'),
  terms: z.string().trim().max(10_000, 'Terms must be at most 10000 characters').default(''),
  validUntil: dateField('Valid until must be YYYY-MM-DD'),
  /**
   * The project acceptance starts, by name; none when empty or null (what the staff dialog
   * sends for an empty box: it sends this schema's output, which must read as input again).
   */
  projectName: z.union([z.null(), optionalText(200)]).transform((v) => v ?? null),
  /** Whether acceptance drafts an invoice from the quote's lines. */
  createInvoice: z.boolean().default(false),
  /** The agreement acceptance creates (ADR 073), in the agreements' own input; none: null. */
  agreementPlan: agreementInputSchema.nullable().default(null),
});
export type QuoteInput = z.input<typeof quoteInputSchema>;
export type QuoteValues = z.output<typeof quoteInputSchema>;

export const quoteSendSchema = z.object({
  userId: z.uuid({ message: 'Choose who receives the quote' }),
});

/** The version staff saw: reopening another (sent again meanwhile) is refused. */
export const quoteReopenSchema = z.object({
  version: z
    .number({ message: 'Say which version to reopen' })
    .int('Say which version to reopen')
    .min(1, 'Say which version to reopen'),
});

export const leadToQuoteSchema = z.object({
  customerId: z.uuid({ message: 'Choose a company' }),
});

const sha256 = z.string({ message: QUOTE_CHANGED }).regex(/^[0-9a-f]{64}$/, QUOTE_CHANGED);

/** The customer's acceptance: the hash of the document they read, their name, their signature. */
export const quoteAcceptSchema = z.object({
  documentSha256: sha256,
  // A name is what a person reads: at least one letter or digit, never only invisible format
  // characters such as zero-width spaces (ninth outside attack), which show as no name at all.
  typedName: requiredText(SIGNATURE_NAME_REQUIRED, 200).refine(
    (name) => /[\p{L}\p{N}]/u.test(name),
    SIGNATURE_NAME_REQUIRED,
  ),
  signature: z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('drawn'),
        /** A data URL (`data:image/png;base64,...`), as signature_pad's toDataURL gives it. */
        png: z
          .string({ message: SIGNATURE_NOT_PNG })
          .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 100, SIGNATURE_TOO_LARGE),
      }),
      z.object({ kind: z.literal('typed') }),
    ],
    { message: SIGNATURE_REQUIRED },
  ),
});
export type QuoteAccept = z.infer<typeof quoteAcceptSchema>;

export const quoteDeclineSchema = z.object({
  reason: requiredText('Say why you decline', 2000),
});

/** The evidence recorded at acceptance, as staff and the customer read it back. */
export const quoteEvidenceSchema = z.object({
  userId: z.string().nullable(),
  typedName: z.string(),
  signedAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  documentSha256: z.string(),
  signatureKind: z.enum(['drawn', 'typed']),
});

export const quoteSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  number: z.string(),
  version: z.number(),
  title: z.string(),
  status: z.enum(quoteStatuses),
  currency: z.string(),
  lines: z.array(invoiceLineSchema.omit({ projectName: true, projectId: true })),
  taxes: z.array(
    z.object({ taxRate: z.number(), net: z.number(), discount: z.number(), tax: z.number() }),
  ),
  discountRate: z.number(),
  discount: z.number(),
  subtotal: z.number(),
  tax: z.number(),
  amount: z.number(),
  terms: z.string(),
  validUntil: z.string(),
  projectName: z.string().nullable(),
  createInvoice: z.boolean(),
  agreementPlan: agreementTermsSchema.nullable(),
  sentAt: z.string().nullable(),
  sentToName: z.string().nullable(),
  /** SHA-256 of the PDF the customer is served: sent back with an acceptance. */
  documentSha256: z.string().nullable(),
  declineReason: z.string().nullable(),
  evidence: quoteEvidenceSchema.nullable(),
  createdProjectId: z.string().nullable(),
  createdInvoiceId: z.string().nullable(),
  createdAgreementId: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** A row of a quotes list. */
export const quoteListItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  version: z.number(),
  title: z.string(),
  status: z.enum(quoteStatuses),
  currency: z.string(),
  amount: z.number(),
  validUntil: z.string(),
  createdAt: z.string(),
});
export type QuoteListItem = z.infer<typeof quoteListItemSchema>;
