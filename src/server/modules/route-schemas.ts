// How every route declares its params and its errors, in one place.
import { z } from 'zod';

/** Route params holding one row id; a malformed id is simply not found. */
export function idParam<K extends string>(name: K) {
  return z.object({ [name]: z.uuid('Not Found') } as { [P in K]: z.ZodUUID });
}

/** Params of a staff ticket route: `TK-1042`, any case; anything else is simply not found. */
export const ticketParams = z.object({
  ticketId: z.string().regex(/^TK-\d{1,12}$/i, 'Not Found'),
});

/** Params of every `/api/customers/:customerId/*` route (access itself is checked by the scope's hook). */
export const companyParams = idParam('customerId');

/** The body of every error answer, and of the few answers that are only a message. */
export const messageSchema = z.object({ message: z.string() });
