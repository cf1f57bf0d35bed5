import { PREVIEW_ONLY_PDF_MESSAGE, isPreviewable } from '../../../shared/document-preview.ts';
import type { PortalDocument } from '../../../shared/schemas/documents.ts';
import { toast } from '../../lib/toast.ts';
import { openInNewTab } from '../shared/open-link.ts';

/** Spec section 5: preview is allowed for PDF files only. */
export function previewDocument(doc: PortalDocument): void {
  if (!isPreviewable(doc.type)) {
    toast({
      title: 'Preview Not Available',
      description: PREVIEW_ONLY_PDF_MESSAGE,
      variant: 'destructive',
    });
    return;
  }
  openInNewTab(`${doc.downloadUrl}?inline=1`);
}

export function downloadDocument(doc: PortalDocument): void {
  openInNewTab(doc.downloadUrl);
  toast({ title: 'Download Started', description: `Downloading ${doc.name}` });
}
