import { z } from 'zod';

/** Params of every `/api/customers/:customerId/*` route (access itself is checked by the scope's hook). */
export const customerParams = z.object({ customerId: z.uuid({ message: 'Not Found' }) });

export const messageSchema = z.object({ message: z.string() });
