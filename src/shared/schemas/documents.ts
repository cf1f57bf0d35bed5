import { z } from 'zod';
import { optionalId } from './staff-fields.ts';
import { documentCategories } from '../status-values.ts';

export { documentCategories };
export type DocumentCategory = (typeof documentCategories)[number];

/** Spec section 3 "Document": type is the file extension, size in bytes, instants in ISO 8601. */
export const documentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int().nonnegative(),
  category: z.enum(documentCategories),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  lastModified: z.string(),
  downloadUrl: z.string(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
});
export type PortalDocument = z.infer<typeof documentSchema>;
export const documentListSchema = z.array(documentSchema);

/** The documents screen's four cards over all of a company's documents, and the types present. */
export const documentSummarySchema = z.object({
  total: z.number(),
  project: z.number(),
  invoice: z.number(),
  size: z.number(),
  types: z.array(z.string()),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

/** A document type filter: a file extension as stored (`pdf`, `xlsx`). */
export const documentTypeFilter = z
  .string()
  .regex(/^[a-z0-9]{1,16}$/, 'type must be a file extension such as pdf')
  .optional();

/** Upload size limit for one document. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;
export const DOCUMENT_TOO_LARGE = 'The file is larger than 25 MB';
export const ONE_DOCUMENT_AT_A_TIME = 'Upload one file at a time';

/** What staff see of a document: the portal's fields but the links. */
export const staffDocumentSchema = documentSchema.pick({
  id: true,
  name: true,
  type: true,
  size: true,
  category: true,
  projectId: true,
  projectName: true,
  uploadedBy: true,
  uploadedAt: true,
});
export type StaffDocument = z.infer<typeof staffDocumentSchema>;

/** The form fields sent with an uploaded file (before the file part). */
export const documentFieldsSchema = z.object({
  category: z.enum(documentCategories, { message: 'Category is required' }),
  projectId: optionalId('Project not found'),
});
export type DocumentFieldsInput = z.input<typeof documentFieldsSchema>;
