/**
 * Spec section 5: preview is allowed for PDF files only; the screen and the server share the
 * rule. Kept apart from the document schemas: the documents screen reads it without zod.
 */
export const isPreviewable = (type: string) => type.toLowerCase() === 'pdf';
export const PREVIEW_ONLY_PDF_MESSAGE = 'Preview is only available for PDF files.';
