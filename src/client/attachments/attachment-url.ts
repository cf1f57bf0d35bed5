import type { AttachmentVariant } from '../../shared/schemas/ticket-attachments.ts';

/** Where a screen fetches one attachment's file (portal and staff build it differently). */
export type AttachmentUrl = (id: string, variant: AttachmentVariant) => string;
