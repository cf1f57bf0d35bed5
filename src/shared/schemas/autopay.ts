// A company's autopay (issue 39 item 3, ADR 067): what the portal reads and sends.
import { z } from 'zod';

export const autopaySchema = z.object({
  /** Online payment is configured on this server. */
  available: z.boolean(),
  /** A card or bank mandate is saved for the company. */
  saved: z.boolean(),
  autopay: z.boolean(),
});
export type Autopay = z.infer<typeof autopaySchema>;

export const autopayInputSchema = z.object({
  autopay: z.boolean({ message: 'autopay must be true or false' }),
});
