import { quoteSchema } from '../../../shared/schemas/quote.ts';
import { quoteRequests } from '../../db/schema.ts';
import { publicFormRoute } from '../public-form-route.ts';
import { salesNotification, visitorAcknowledgement } from './mails.tsx';

/** POST /api/quote: store the request, then mail sales and the visitor (spec sections 2 and 7). */
export const quoteRoutes = publicFormRoute({
  referencePrefix: 'Q',
  url: '/api/quote',
  schema: quoteSchema,
  store: async (tx, input) => {
    const [row] = await tx.insert(quoteRequests).values(input).returning({ id: quoteRequests.id });
    return row!.id;
  },
  mails: { toSales: salesNotification, toVisitor: visitorAcknowledgement },
});
