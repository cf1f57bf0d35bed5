import { contactSchema } from '../../../shared/schemas/contact.ts';
import { contactMessages } from '../../db/schema.ts';
import { publicFormRoute } from '../public-form-route.ts';
import { salesNotification, visitorAcknowledgement } from './mails.tsx';

/** POST /api/contact: store the message, then mail sales and the visitor (spec sections 5 and 7). */
export const contactRoutes = publicFormRoute({
  referencePrefix: 'C',
  url: '/api/contact',
  schema: contactSchema,
  store: async (tx, input) => {
    const [row] = await tx
      .insert(contactMessages)
      .values(input)
      .returning({ id: contactMessages.id });
    return row!.id;
  },
  mails: { toSales: salesNotification, toVisitor: visitorAcknowledgement },
});
