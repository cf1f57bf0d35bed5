import { z } from 'zod';
import { emailField, requiredText } from './fields.ts';

/** Spec section 5, profile form. */
export const profileSchema = z.object({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: emailField(),
});
export type ProfileInput = z.input<typeof profileSchema>;
