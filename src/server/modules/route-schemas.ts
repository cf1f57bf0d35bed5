// How every route declares its params and its errors, in one place.
import { z } from 'zod';

/** Route params holding one row id; a malformed id is simply not found. */
/**
 * A uuid path parameter, in lower case: ids are compared as text (one's own account, the
 * company in the path), and `27EA5F65-…` is the same id as `27ea5f65-…` (outside attack,
 * issue 35: an upper-case id passed "not your own" and reset the caller's second factor).
 */
const uuidParam = z.uuid('Not Found').transform((id) => id.toLowerCase());

export function idParam<K extends string>(name: K) {
  return z.object({ [name]: uuidParam } as { [P in K]: typeof uuidParam });
}

/** Params of a staff ticket route: `TK-1042`, any case; anything else is simply not found. */
export const ticketParams = z.object({
  ticketId: z.string().regex(/^TK-\d{1,12}$/i, 'Not Found'),
});

/** Params of every `/api/customers/:customerId/*` route (access itself is checked by the scope's hook). */
export const companyParams = idParam('customerId');

/** The body of every error answer, and of the few answers that are only a message. */
export const messageSchema = z.object({ message: z.string() });
