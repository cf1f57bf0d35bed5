import { z } from 'zod';
import { serviceNames } from '../service-index.ts';
import { emailField, optionalText, requiredText } from './fields.ts';

/** Spec section 5, quote form; the service must also be one of the 11 catalogue names. */
export const quoteSchema = z.object({
  name: requiredText('Name is required', 200),
  email: emailField(),
  company: optionalText(200),
  phone: optionalText(50),
  service: requiredText('Service is required', 200).refine((v) => serviceNames.includes(v), {
    message: 'Service must be one of our services',
  }),
  details: z
    .string({ message: 'Please provide at least 10 characters of project details' })
    .trim()
    .min(10, 'Please provide at least 10 characters of project details')
    .max(10000, 'Must be at most 10000 characters'),
});
export type QuoteInput = z.input<typeof quoteSchema>;
