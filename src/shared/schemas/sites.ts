import { z } from 'zod';
import { emailField, requiredText } from './fields.ts';

/** Spec section 5, site form. */
export const siteSchema = z.object({
  name: requiredText('Site name is required', 200),
  address: requiredText('Address is required', 500),
  contactPerson: requiredText('Contact person is required', 200),
  contactEmail: emailField(),
  contactPhone: requiredText('Phone number is required', 50),
  /** Invoices are addressed here (issue 39); marking one site unmarks the company's other. */
  billing: z.boolean().default(false),
});
export type SiteInput = z.input<typeof siteSchema>;

/** Spec section 3 "Site". */
export const siteOutSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  contactPerson: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string(),
  billing: z.boolean(),
});
export type Site = z.infer<typeof siteOutSchema>;
