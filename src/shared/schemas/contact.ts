import { z } from 'zod';
import { emailField, optionalText, requiredText } from './fields.ts';

/** Spec section 5, contact form (home and contact page). */
export const contactSchema = z.object({
  name: requiredText('Name is required', 200),
  email: emailField(),
  company: optionalText(200),
  phone: optionalText(50),
  message: requiredText('Message is required', 5000),
});
export type ContactInput = z.input<typeof contactSchema>;
